/** One vocabulary entry: the piece and its log-probability. */
export type VocabularyEntry = readonly [piece: string, score: number];

/** SentencePiece's word-boundary marker, which replaces spaces. */
const WORD_BOUNDARY = '\u2581';

/** Ids below this are control symbols (unknown, <s>, </s>, reserved): never matched. */
const RESERVED_IDS = 6;

/** The id of the unknown piece: a symbol no piece starts with. */
export const UNKNOWN_ID = 0;

/**
 * The Universal Sentence Encoder lite's tokenizer: SentencePiece unigram segmentation
 * (the best-scoring split into vocabulary pieces, Viterbi) over the NFKC-normalised text,
 * spaces marked as word boundaries.
 *
 * It reproduces the model's reference tokenizer id for id, including its quirks (a tie goes
 * to the candidate seen last, an unknown symbol scores 0 and counts as "no score yet",
 * consecutive unknown symbols merge into one id), so vectors are those the model was
 * trained to give. Unlike the reference, which copies the rest of the text at every
 * position, each position only walks the trie as far as a piece can reach: linear in the
 * text's length, not quadratic.
 */
export class UseLiteTokenizer {
  /**
   * The pieces as a trie of numbered nodes (the root is 0), its edges in one map keyed by
   * `node * alphabet size + symbol index` (some 18,000 nodes over 200 symbols: small
   * integers, which a Map hashes fastest). A trie of one Map per node held some 15 MB in
   * every model thread; this holds about 2.
   */
  private readonly edges = new Map<number, number>();
  /** Index of each symbol that occurs in a piece. */
  private readonly alphabet = new Map<string, number>();
  /** Per node: the vocabulary id of the piece ending there, or -1. */
  private readonly nodeIds: Int32Array;
  private readonly scores: Float64Array;
  /** Length of each piece in UTF-16 code units, as the reference steps back by it. */
  private readonly pieceLengths: Int32Array;

  constructor(vocabulary: readonly VocabularyEntry[]) {
    this.pieceLengths = Int32Array.from(vocabulary, ([piece]) => piece.length);
    this.scores = Float64Array.from(vocabulary, ([, score]) => score);
    for (let id = RESERVED_IDS; id < vocabulary.length; id += 1) {
      for (const symbol of vocabulary[id]![0]) {
        if (!this.alphabet.has(symbol)) {
          this.alphabet.set(symbol, this.alphabet.size);
        }
      }
    }
    const symbolCount = this.alphabet.size;
    const nodeIds = [-1];
    for (let id = RESERVED_IDS; id < vocabulary.length; id += 1) {
      const [piece] = vocabulary[id]!;
      let node = 0;
      for (const symbol of piece) {
        const key = node * symbolCount + this.alphabet.get(symbol)!;
        let child = this.edges.get(key);
        if (child === undefined) {
          child = nodeIds.length;
          nodeIds.push(-1);
          this.edges.set(key, child);
        }
        node = child;
      }
      nodeIds[node] = id;
    }
    this.nodeIds = Int32Array.from(nodeIds);
  }

  /** The text's piece ids, in order; an empty text has none. */
  encode(text: string): number[] {
    const normalized = text.normalize('NFKC');
    if (normalized.length === 0) {
      return [];
    }
    const symbols = Array.from(WORD_BOUNDARY + normalized.replaceAll(' ', WORD_BOUNDARY));
    const n = symbols.length;
    // best[end]: score of the best split of symbols[0, end); 0 means "none yet" (as in the
    // reference: real scores are negative). chosen[end]: the last piece of that split.
    const best = new Float64Array(n + 1);
    const chosen = new Int32Array(n + 1);
    // Candidates grouped by end position, in the reference's order: by start, then length.
    const candidates: { start: number; id: number; score: number }[][] = Array.from(
      { length: n + 1 },
      () => [],
    );
    // Each symbol's index in the alphabet; -1 (no edge) for one that no piece holds.
    const symbolCount = this.alphabet.size;
    const codes = new Int32Array(n);
    for (let i = 0; i < n; i += 1) {
      codes[i] = this.alphabet.get(symbols[i]!) ?? -1;
    }
    for (let start = 0; start < n; start += 1) {
      let node = codes[start]! < 0 ? undefined : this.edges.get(codes[start]!);
      let matched = false;
      for (let end = start + 1; node !== undefined; end += 1) {
        const id = this.nodeIds[node]!;
        if (id >= 0) {
          candidates[end]!.push({ start, id, score: this.scores[id]! });
          matched = true;
        }
        node =
          end < n && codes[end]! >= 0
            ? this.edges.get(node * symbolCount + codes[end]!)
            : undefined;
      }
      if (!matched) {
        candidates[start + 1]!.push({ start, id: UNKNOWN_ID, score: 0 });
      }
    }
    for (let end = 1; end <= n; end += 1) {
      // In ascending order of start, as the reference visits them (pushed start by start).
      for (const candidate of candidates[end]!) {
        const score = candidate.score + best[candidate.start]!;
        if (best[end] === 0 || score >= best[end]!) {
          best[end] = score;
          chosen[end] = candidate.id;
        }
      }
    }
    const reversed: number[] = [];
    for (let end = n; end > 0; end -= this.pieceLengths[chosen[end]!]!) {
      reversed.push(chosen[end]!);
    }
    const ids: number[] = [];
    for (let i = reversed.length - 1; i >= 0; i -= 1) {
      const id = reversed[i]!;
      if (!(id === UNKNOWN_ID && ids.at(-1) === UNKNOWN_ID)) {
        ids.push(id);
      }
    }
    return ids;
  }
}
