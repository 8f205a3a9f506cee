import { bytesOf, ElementType, OnnxGraph } from './onnx-writer';
import type { ModelFiles, Weight } from './model-files';

/** The model reads at most this many pieces of a text (its graph's ClipToMaxLength). */
export const MAX_TOKENS = 128;
/** Size of the sentence vector. */
export const DIMENSIONS = 512;
/** Names of the ONNX model's inputs and output. */
export const INPUT_IDS = 'ids';
export const INPUT_MASK = 'mask';
export const OUTPUT = 'embedding';

/** Attention heads of both transformer layers (a shape constant of the original graph). */
const HEADS = 4;
const ENCODER = 'module_apply_default/Encoder_en/KonaTransformer/Encode/';
const KERNELS = 'module/Encoder_en/KonaTransformer/Encode/';

/**
 * How matrix products are computed: `float32` exactly as the original graph (cosine 1.0 to
 * its output), or `int8`: weights quantised per output column (symmetric, 7 bits of range,
 * see WEIGHT_LEVELS, at build time), activations quantised per batch at run time by
 * onnxruntime's DynamicQuantizeMatMul. int8 is about 2.5x faster and stays within a cosine
 * of ~0.995 of the float output on every x86-64 CPU.
 */
export type Precision = 'float32' | 'int8';

/**
 * The Universal Sentence Encoder lite as an ONNX model, from the TensorFlow.js weights the
 * model package ships. The TF graph's sparse plumbing (scatter/gather of the non-padding
 * positions) is replaced by a padding mask: every position is computed, padding is kept out
 * of attention (a -1e9 bias on its keys) and of the mean, which gives the same vectors.
 *
 * Inputs: `ids` int64 [batch, length] (piece ids, any id on padding), `mask` float
 * [batch, length] (1 for a piece, 0 for padding), length <= MAX_TOKENS. Output: `embedding`
 * float [batch, 512], L2-normalised rows.
 *
 * The network: token embeddings (x2, as the original adds them twice) plus a sinusoidal
 * timing signal; two pre-norm transformer layers (256 then 512 wide, 4 heads, ReLU
 * feed-forward of 1536; the first projects its residual to 512); the mean over the pieces;
 * a tanh layer; L2 normalisation.
 */
export function buildUseLiteModel(files: ModelFiles, precision: Precision): Uint8Array {
  const weight = (name: string): Weight => {
    const found = files.weights.get(name);
    if (!found) {
      throw new Error(`The model package has no weight ${name}`);
    }
    return found;
  };
  const scalar = (name: string): number => weight(name).values[0]!;
  const g = new OnnxGraph('use_lite');
  const ids = g.input(INPUT_IDS, ElementType.int64, ['batch', 'length']);
  const mask = g.input(INPUT_MASK, ElementType.float, ['batch', 'length']);

  const dense = (x: string, w: Weight, bias: Weight): string =>
    precision === 'int8' ? quantizedDense(g, x, w, bias) : floatDense(g, x, w, bias);
  const layerNorm = (x: string, prefix: string): string => {
    const scale = weight(`${prefix}layer_norm/layer_norm_scale/ConcatPartitions/concat`);
    const bias = weight(`${prefix}layer_norm/layer_norm_bias/ConcatPartitions/concat`);
    const epsilon = scalar(
      `${ENCODER}TransformerStack/Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x`,
    );
    return g.op(
      'LayerNormalization',
      [
        x,
        g.floats('ln_scale', scale.shape, scale.values),
        g.floats('ln_bias', bias.shape, bias.values),
      ],
      { axis: -1, epsilon: { float: epsilon } },
    );
  };

  // Embeddings: the original graph adds each piece's embedding twice (once scattered into
  // the sequence, once with the timing signal); doubling the table does it once.
  const table = weight('module/Embeddings_en');
  const embedded = g.op(
    'Gather',
    [
      g.floats(
        'embeddings',
        table.shape,
        table.values.map((v) => v * 2),
      ),
      ids,
    ],
    {
      axis: 0,
    },
  );
  const length = g.op('Slice', [g.op('Shape', [ids]), g.int64s('one', [1]), g.int64s('two', [2])]);
  const timing = g.op('Slice', [
    g.floats(
      'timing',
      [MAX_TOKENS, 256],
      timingSignal(
        weight(`${ENCODER}TransformerStack/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`),
      ),
    ),
    g.int64s('zero', [0]),
    length,
    g.int64s('axis0', [0]),
  ]);
  let x = g.op('Add', [embedded, timing]);

  // Attention bias: -1e9 on padding keys, broadcast to [batch, heads, query, key].
  const ignore = scalar(
    `${ENCODER}TransformerStack/Layer_1/TransformerLayer/MultiheadAttention/DotProductAttention/attention_bias_ignore_padding/mul/y`,
  );
  const padding = g.op('Sub', [g.floats('one_f', [], [1]), mask]);
  const attentionBias = g.op('Unsqueeze', [
    g.op('Mul', [padding, g.floats('ignore', [], [ignore])]),
    g.int64s('axes12', [1, 2]),
  ]);

  for (const layer of [0, 1]) {
    const pre = `${ENCODER}Layer_${layer}/TransformerLayer/`;
    const stack = `${ENCODER}TransformerStack/Layer_${layer}/TransformerLayer/`;
    const qkvKernel = flattenKernel(
      weight(
        `${KERNELS}Layer_${layer}/TransformerLayer/MultiheadAttention/qkv_transform_single/kernel/part_0`,
      ),
    );
    const width = qkvKernel.shape[1]! / 3;
    const headSize = width / HEADS;

    const normed = layerNorm(x, `${pre}layer_prepostprocess/`);
    const qkv = dense(
      normed,
      qkvKernel,
      weight(`${pre}MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`),
    );
    const [q, k, v] = g.opN('Split', [qkv, g.int64s('split', [width, width, width])], 3, {
      axis: -1,
    });
    const heads = (t: string, perm: number[]): string =>
      g.op('Transpose', [g.op('Reshape', [t, g.int64s('heads', [0, 0, HEADS, headSize])])], {
        perm,
      });
    const queries = g.op('Mul', [
      heads(q!, [0, 2, 1, 3]),
      g.floats('q_scale', [], [scalar(`${stack}MultiheadAttention/mul/y`)]),
    ]);
    const scores = g.op('Add', [g.op('MatMul', [queries, heads(k!, [0, 2, 3, 1])]), attentionBias]);
    const attended = g.op('MatMul', [
      g.op('Softmax', [scores], { axis: -1 }),
      heads(v!, [0, 2, 1, 3]),
    ]);
    const merged = g.op('Reshape', [
      g.op('Transpose', [attended], { perm: [0, 2, 1, 3] }),
      g.int64s('merge', [0, 0, width]),
    ]);
    const output = dense(
      merged,
      flattenKernel(
        weight(
          `${KERNELS}Layer_${layer}/TransformerLayer/MultiheadAttention/output_transform_single/kernel/part_0`,
        ),
      ),
      weight(`${pre}MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`),
    );
    const residual =
      layer === 0
        ? dense(
            x,
            weight(`${pre}dense/kernel/ConcatPartitions/concat`),
            weight(`${pre}dense/bias/ConcatPartitions/concat`),
          )
        : x;
    const attentionOut = g.op('Add', [output, residual]);

    const ffnIn = layerNorm(attentionOut, `${pre}FFN/layer_prepostprocess/`);
    const hidden = g.op('Relu', [
      dense(
        ffnIn,
        weight(`${stack}FFN/conv1/Tensordot/Reshape_1`),
        weight(`${pre}FFN/conv1/bias/ConcatPartitions/concat`),
      ),
    ]);
    const ffnOut = dense(
      hidden,
      weight(`${stack}FFN/conv2/Tensordot/Reshape_1`),
      weight(`${pre}FFN/conv2/bias/ConcatPartitions/concat`),
    );
    x = g.op('Add', [ffnOut, attentionOut]);
  }

  // Mean over the pieces (at least 1 in the denominator, as the original).
  const summed = g.op(
    'ReduceSum',
    [g.op('Mul', [x, g.op('Unsqueeze', [mask, g.int64s('axis2', [2])])]), g.int64s('axis1', [1])],
    {
      keepdims: 0,
    },
  );
  const count = g.op('Max', [
    g.op('ReduceSum', [mask, g.int64s('axis1', [1])], { keepdims: 1 }),
    g.floats('one_count', [], [1]),
  ]);
  const sentence = g.op('Tanh', [
    dense(
      g.op('Div', [summed, count]),
      weight('module/Encoder_en/hidden_layers/tanh_layer_0/weights'),
      weight('module/Encoder_en/hidden_layers/tanh_layer_0/bias'),
    ),
  ]);
  const floor = scalar('module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y');
  const squares = g.op(
    'ReduceSum',
    [g.op('Mul', [sentence, sentence]), g.int64s('axis_last', [-1])],
    { keepdims: 1 },
  );
  const norm = g.op('Sqrt', [g.op('Max', [squares, g.floats('norm_floor', [], [floor])])]);
  g.op('Div', [sentence, norm], {}, '', OUTPUT);
  g.output(OUTPUT, ElementType.float, ['batch', DIMENSIONS]);
  return g.encode();
}

/** A 1x1 convolution kernel [1, 1, in, out] as the matrix [in, out] it multiplies by. */
function flattenKernel(kernel: Weight): Weight {
  return { shape: kernel.shape.slice(2), values: kernel.values };
}

function floatDense(g: OnnxGraph, x: string, w: Weight, bias: Weight): string {
  const product = g.op('MatMul', [x, g.floats('w', w.shape, w.values)]);
  return g.op('Add', [product, g.floats('b', bias.shape, bias.values)]);
}

/**
 * The largest magnitude of a quantised weight: 63, not 127. onnxruntime multiplies uint8
 * activations by int8 weights; on x86-64 CPUs without VNNI (AVX2 only) its kernel adds
 * pairs of those products in 16-bit lanes, which saturate when both weights of a pair are
 * near +-127 (255 x 127 x 2 > 32,767). Measured on such a CPU (AMD EPYC, AVX2): with 127
 * levels some texts fell to a cosine of 0.945 against the float model and labelled recall@5
 * dropped from 0.967 to 0.933; with 63 levels the worst text is at 0.995 and recall is
 * unchanged, at the same speed. CPUs with VNNI never saturated, and lose little here.
 */
const WEIGHT_LEVELS = 63;

/** Weights quantised to int8 per output column (symmetric); activations by onnxruntime. */
function quantizedDense(g: OnnxGraph, x: string, w: Weight, bias: Weight): string {
  const [rows, columns] = w.shape as [number, number];
  const quantized = new Int8Array(rows * columns);
  const scales = new Float32Array(columns);
  for (let c = 0; c < columns; c += 1) {
    let max = 0;
    for (let r = 0; r < rows; r += 1) {
      max = Math.max(max, Math.abs(w.values[r * columns + c]!));
    }
    const scale = max > 0 ? max / WEIGHT_LEVELS : 1;
    scales[c] = scale;
    for (let r = 0; r < rows; r += 1) {
      quantized[r * columns + c] = Math.round(w.values[r * columns + c]! / scale);
    }
  }
  return g.op(
    'DynamicQuantizeMatMul',
    [
      x,
      g.constant('wq', { type: ElementType.int8, dims: [rows, columns], data: bytesOf(quantized) }),
      g.floats('w_scale', [columns], scales),
      g.constant('w_zero', {
        type: ElementType.int8,
        dims: [columns],
        data: new Uint8Array(columns),
      }),
      g.floats('b', bias.shape, bias.values),
    ],
    {},
    'com.microsoft',
  );
}

/** The timing signal of every position: sin then cos of position x inverse timescale. */
function timingSignal(inverseTimescales: Weight): Float32Array {
  const half = inverseTimescales.values.length;
  const table = new Float32Array(MAX_TOKENS * half * 2);
  for (let position = 0; position < MAX_TOKENS; position += 1) {
    for (let i = 0; i < half; i += 1) {
      // float32 product, as the original graph computes it.
      const angle = Math.fround(position * inverseTimescales.values[i]!);
      table[position * half * 2 + i] = Math.sin(angle);
      table[position * half * 2 + half + i] = Math.cos(angle);
    }
  }
  return table;
}
