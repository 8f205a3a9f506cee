import fc from 'fast-check';
import { UseLiteModel } from '../../../src/adapters/embeddings/use-lite-embedder';
import { readModelFiles } from '../../../src/adapters/embeddings/use-lite/model-files';
import { UseLiteRunner } from '../../../src/adapters/embeddings/use-lite/runner';
import { UseLiteTokenizer } from '../../../src/adapters/embeddings/use-lite/tokenizer';
import { buildUseLiteModel } from '../../../src/adapters/embeddings/use-lite/use-lite-graph';
import { ENTITIES, QUERIES, recallAtK } from '../../support/labelled-retrieval';
import { referenceTokens, referenceVectors } from '../../support/use-lite-reference';
import { cosine } from './embedder.contract';

/**
 * The bundled embedder against the model as its authors ship it (TensorFlow.js, same
 * weights): the same pieces, the same vectors, and no loss of retrieval quality.
 */

/** Texts of every kind the service embeds, and a few odd ones. */
const TEXTS = [
  'Pump: Centrifugal pump. description: Moves cooling water through the plant',
  'a machine that pushes liquid',
  'Invoice: March invoice. customer: ACME Corp. status: paid',
  'hello',
  '',
  '   ',
  'UPPER case and MiXeD CaSe words',
  'numbers 12345 and 3.14159 and 2024-01-15T10:00:00Z',
  'café, naïve, résumé, Ångström, straße',
  '東京 北京 ソウル',
  'emoji 🎉🚀 and symbols ©®™ §¶',
  'ﬁne ligatures and ｆｕｌｌｗｉｄｔｈ letters',
  'The quick brown fox jumps over the lazy dog. '.repeat(30),
  'x'.repeat(400),
  'tabs\tand\nnew lines\r\nin a text',
  'Sensor: Thermocouple TC-7. location: boiler house. unit: °C',
  'a b c d e f g h i j k l m n o p q r s t u v w x y z',
  "don't, won't, it's, we're",
];

describe('bundled embedder against the reference model', () => {
  let model: UseLiteModel;
  let reference: Float32Array[];
  beforeAll(async () => {
    model = new UseLiteModel();
    reference = await referenceVectors(TEXTS);
  }, 60_000);
  afterAll(() => model.close());

  it('splits texts into exactly the pieces of the reference tokenizer', async () => {
    const tokenizer = new UseLiteTokenizer(readModelFiles().vocabulary);
    for (const text of TEXTS) {
      expect(tokenizer.encode(text)).toEqual(await referenceTokens(text));
    }
    const pieces = readModelFiles().vocabulary.map(([piece]) => piece.replaceAll('\u2581', ' '));
    const fragment = fc.oneof(
      fc.constantFrom(...pieces),
      fc.string({ unit: 'binary', maxLength: 3 }),
      fc.constantFrom(' ', '  ', '\u00e9', 'e\u0301', '\ufb01', '\ud83c\udf89', '\ud800', '\u2581'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { maxLength: 12 }), async (parts) => {
        const text = parts.join('');
        expect(tokenizer.encode(text)).toEqual(await referenceTokens(text));
      }),
      { numRuns: 500, seed: 20261125 },
    );
  });

  it('computes the reference vectors exactly when run in float32', async () => {
    const runner = await UseLiteRunner.create({
      bytes: buildUseLiteModel(readModelFiles(), 'float32'),
      vocabulary: readModelFiles().vocabulary,
    });
    try {
      const vectors = await runner.embed(TEXTS);
      vectors.forEach((vector, i) => {
        expect(cosine(vector, reference[i]!)).toBeGreaterThan(0.99999);
      });
    } finally {
      await runner.release();
    }
  });

  it('stays within a cosine of 0.99 of the reference with int8 products, on both faces', async () => {
    const batched = await model.background.embed(TEXTS);
    const queries = await Promise.all(TEXTS.map(async (t) => (await model.query.embed([t]))[0]!));
    TEXTS.forEach((_, i) => {
      expect(cosine(batched[i]!, reference[i]!)).toBeGreaterThanOrEqual(0.99);
      expect(cosine(queries[i]!, reference[i]!)).toBeGreaterThanOrEqual(0.99);
    });
  });

  it('finds paraphrased entities at least as well as the reference (recall@5)', async () => {
    const queryTexts = QUERIES.map((q) => q.query);
    const referenceRecall = recallAtK(
      await referenceVectors(ENTITIES),
      await referenceVectors(queryTexts),
      5,
    );
    const entities = await model.background.embed(ENTITIES);
    const queries = await Promise.all(
      queryTexts.map(async (t) => (await model.query.embed([t]))[0]!),
    );
    const recall = recallAtK(entities, queries, 5);
    // The set is hard enough to tell models apart (the reference misses some at k = 1..3),
    // and the reference finds nearly every entity within 5.
    expect(referenceRecall).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(referenceRecall);
  }, 60_000);
});
