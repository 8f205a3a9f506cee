/**
 * Writes ONNX models (protocol buffers, `onnx.proto` of the ONNX project) without a protobuf
 * library: a model here needs only a handful of message kinds, each a few fields. Field
 * numbers are those of onnx.proto (IR version 8).
 */

/** ONNX tensor element types used here (TensorProto.DataType). */
export const ElementType = { float: 1, uint8: 2, int8: 3, int64: 7 } as const;
export type ElementType = (typeof ElementType)[keyof typeof ElementType];

/** A constant tensor (an initializer): little-endian raw bytes. */
export interface OnnxTensor {
  type: ElementType;
  dims: readonly number[];
  data: Uint8Array;
}

/** An attribute value: an int, a float, or a list of ints. */
export type OnnxAttribute = number | { float: number } | readonly number[];

const WIRE_VARINT = 0;
const WIRE_FIXED32 = 5;
const WIRE_BYTES = 2;
const ATTRIBUTE_FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;

/** Appends protobuf fields to a growing list of byte chunks. */
class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  varint(field: number, value: number | bigint): this {
    this.tag(field, WIRE_VARINT);
    this.rawVarint(BigInt(value));
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, WIRE_FIXED32);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, WIRE_BYTES);
    this.rawVarint(BigInt(value.length));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  /**
   * A nested message. Its chunks are taken over, not joined: a model's weights are copied
   * once, by the outermost `finish()`, rather than once per level of nesting.
   */
  message(field: number, build: (writer: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    this.tag(field, WIRE_BYTES);
    this.rawVarint(BigInt(inner.length));
    for (const chunk of inner.chunks) {
      this.push(chunk);
    }
    return this;
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  private tag(field: number, wire: number): void {
    this.rawVarint(BigInt((field << 3) | wire));
  }

  /** Base-128 varint; negative int64 values take their two's complement (10 bytes). */
  private rawVarint(value: bigint): void {
    let v = value < 0n ? value + (1n << 64n) : value;
    const out: number[] = [];
    while (v >= 0x80n) {
      out.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    out.push(Number(v));
    this.push(Uint8Array.from(out));
  }

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
}

interface OnnxNode {
  opType: string;
  domain: string;
  inputs: readonly string[];
  outputs: readonly string[];
  attributes: Record<string, OnnxAttribute>;
}

interface ValueInfo {
  name: string;
  type: ElementType;
  /** A number is a fixed size, a string a named dynamic dimension. */
  dims: readonly (number | string)[];
}

/**
 * A computation graph being built: `op` adds a node and returns the name of its (first)
 * output, so a graph reads like the expressions it computes. `encode` gives the bytes of a
 * ModelProto that onnxruntime loads directly.
 */
export class OnnxGraph {
  private readonly nodes: OnnxNode[] = [];
  private readonly initializers = new Map<string, OnnxTensor>();
  private readonly inputs: ValueInfo[] = [];
  private readonly outputs: ValueInfo[] = [];
  private readonly domains = new Set<string>();
  private counter = 0;

  constructor(private readonly name: string) {}

  input(name: string, type: ElementType, dims: readonly (number | string)[]): string {
    this.inputs.push({ name, type, dims });
    return name;
  }

  output(name: string, type: ElementType, dims: readonly (number | string)[]): void {
    this.outputs.push({ name, type, dims });
  }

  /** A constant tensor, named after `hint`; returns its name. */
  constant(hint: string, tensor: OnnxTensor): string {
    const name = this.fresh(hint);
    this.initializers.set(name, tensor);
    return name;
  }

  floats(hint: string, dims: readonly number[], values: ArrayLike<number>): string {
    const data = Float32Array.from(values);
    return this.constant(hint, { type: ElementType.float, dims, data: bytesOf(data) });
  }

  int64s(hint: string, values: readonly number[]): string {
    const data = BigInt64Array.from(values, (v) => BigInt(v));
    return this.constant(hint, {
      type: ElementType.int64,
      dims: [values.length],
      data: bytesOf(data),
    });
  }

  /** Adds one node; returns its output's name (`outputName`, or a fresh one). */
  op(
    opType: string,
    inputs: readonly string[],
    attributes: Record<string, OnnxAttribute> = {},
    domain = '',
    outputName?: string,
  ): string {
    if (outputName === undefined) {
      return this.opN(opType, inputs, 1, attributes, domain)[0]!;
    }
    this.nodes.push({ opType, domain, inputs, outputs: [outputName], attributes });
    this.domains.add(domain);
    return outputName;
  }

  /** Adds one node with `outputCount` outputs; returns their names. */
  opN(
    opType: string,
    inputs: readonly string[],
    outputCount: number,
    attributes: Record<string, OnnxAttribute> = {},
    domain = '',
  ): string[] {
    const outputs = Array.from({ length: outputCount }, () => this.fresh(opType));
    this.nodes.push({ opType, domain, inputs, outputs, attributes });
    this.domains.add(domain);
    return outputs;
  }

  /** The ModelProto: IR version 8, opset 17 of the default domain (+ `com.microsoft` 1). */
  encode(): Uint8Array {
    const model = new ProtoWriter().varint(1, 8).string(2, 'workspace-ontology-service');
    model.message(7, (graph) => {
      for (const node of this.nodes) {
        graph.message(1, (w) => writeNode(w, node));
      }
      graph.string(2, this.name);
      for (const [name, tensor] of this.initializers) {
        graph.message(5, (w) => writeTensor(w, name, tensor));
      }
      for (const info of this.inputs) {
        graph.message(11, (w) => writeValueInfo(w, info));
      }
      for (const info of this.outputs) {
        graph.message(12, (w) => writeValueInfo(w, info));
      }
    });
    for (const domain of this.domains) {
      model.message(8, (w) => w.string(1, domain).varint(2, domain === '' ? 17 : 1));
    }
    return model.finish();
  }

  private fresh(hint: string): string {
    this.counter += 1;
    return `${hint}_${this.counter}`;
  }
}

/** The bytes of a typed array, without copying. */
export function bytesOf(array: ArrayBufferView): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function writeNode(w: ProtoWriter, node: OnnxNode): void {
  for (const input of node.inputs) {
    w.string(1, input);
  }
  for (const output of node.outputs) {
    w.string(2, output);
  }
  w.string(3, node.outputs[0]!).string(4, node.opType);
  for (const [name, value] of Object.entries(node.attributes)) {
    w.message(5, (a) => writeAttribute(a, name, value));
  }
  if (node.domain !== '') {
    w.string(7, node.domain);
  }
}

function writeAttribute(w: ProtoWriter, name: string, value: OnnxAttribute): void {
  w.string(1, name);
  if (typeof value === 'number') {
    w.varint(3, value).varint(20, ATTRIBUTE_INT);
  } else if ('float' in value) {
    w.float(2, value.float).varint(20, ATTRIBUTE_FLOAT);
  } else {
    for (const item of value) {
      w.varint(8, item);
    }
    w.varint(20, ATTRIBUTE_INTS);
  }
}

function writeTensor(w: ProtoWriter, name: string, tensor: OnnxTensor): void {
  for (const dim of tensor.dims) {
    w.varint(1, dim);
  }
  w.varint(2, tensor.type).string(8, name).bytes(9, tensor.data);
}

function writeValueInfo(w: ProtoWriter, info: ValueInfo): void {
  w.string(1, info.name);
  w.message(2, (type) =>
    type.message(1, (tensorType) => {
      tensorType.varint(1, info.type);
      tensorType.message(2, (shape) => {
        for (const dim of info.dims) {
          shape.message(1, (d) => (typeof dim === 'number' ? d.varint(1, dim) : d.string(2, dim)));
        }
      });
    }),
  );
}
