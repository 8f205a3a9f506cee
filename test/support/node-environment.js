// Jest's node environment, with the host realm's typed-array constructors.
//
// Jest runs each test file in its own realm, and gives it fresh Float32Array, Int32Array,
// ... constructors (only ArrayBuffer and Uint8Array are the host's). Native addons create
// their arrays in the host realm, so a library that checks `data instanceof Float32Array`
// against the test realm's constructor refuses them: onnxruntime-node does exactly that
// with every model output. Sharing the host's constructors, as jest already does for
// Uint8Array, makes arrays from both sides the same kind, as in a real process.
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = [
  'Int8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

class NodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = NodeEnvironment;
