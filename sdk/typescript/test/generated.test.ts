import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { apiVersion } from '../src';

const ROOT = path.resolve(__dirname, '../../..');
const SPEC_PATH = path.join(ROOT, 'docs/api/openapi.yaml');
const GENERATED_PATH = path.join(ROOT, 'sdk/typescript/src/generated/openapi.ts');

describe('generated types', () => {
  it('are those docs/api/openapi.yaml generates now', async () => {
    // The generator prints the module instead of writing it; nothing on disk changes.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'sdk/typescript/scripts/generate.ts', '--stdout'],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
    );
    if (stdout !== fs.readFileSync(GENERATED_PATH, 'utf8')) {
      throw new Error(
        'openapi.yaml changed: run npm run sdk:generate ' +
          '(sdk/typescript/src/generated/openapi.ts differs from what it generates)',
      );
    }
  });

  it('record the API version of the document', () => {
    const spec = parse(fs.readFileSync(SPEC_PATH, 'utf8')) as { info: { version: string } };
    expect(apiVersion).toBe(spec.info.version);
  });
});
