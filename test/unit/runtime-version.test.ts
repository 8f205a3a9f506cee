import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/**
 * One Node release line everywhere: .nvmrc names the exact version that .ci/run installs and
 * GitHub's CI sets up; package.json's engines, the Docker image and the Node type
 * definitions follow its major.
 */
describe('the Node runtime', () => {
  const version = read('.nvmrc').trim();
  const [major, minor] = version.split('.');

  it('.nvmrc names an exact version', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('package.json asks for that line, from that version on', () => {
    const pkg = JSON.parse(read('package.json')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toBe(`>=${major}.${minor} <${Number(major) + 1}`);
    expect(pkg.devDependencies['@types/node']?.split('.')[0]).toBe(major);
  });

  it('the Docker image runs that line', () => {
    expect(read('Dockerfile')).toContain(`ARG NODE_IMAGE=node:${major}-bookworm-slim\n`);
  });

  it('both CI entry points take the version from .nvmrc', () => {
    expect(read('.github/workflows/ci.yml')).toContain('node-version-file: .nvmrc');
    expect(read('.ci/run')).toContain('<.nvmrc');
  });
});
