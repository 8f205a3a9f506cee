import fs from 'node:fs';
import path from 'node:path';
import { SERVICE_NODE_FLAGS } from '../../src/node-flags';

const root = path.resolve(__dirname, '..', '..');

/** `npm start`, the Dockerfile and the benchmarks run the service with the same V8 flags. */
describe('service node flags', () => {
  it('npm start passes every flag', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(`node ${SERVICE_NODE_FLAGS.join(' ')} dist/main.js`);
  });

  it('the Dockerfile CMD passes every flag', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const cmd = JSON.stringify(['node', ...SERVICE_NODE_FLAGS, 'dist/main.js']).replaceAll(
      ',',
      ', ',
    );
    expect(dockerfile).toContain(`CMD ${cmd}`);
  });
});
