import BetterSqlite3 from 'better-sqlite3';
import { applyMigrations } from '../../src/adapters/sqlite/database';
import type { Migration } from '../../src/adapters/sqlite/migrations/index';

function table(version: number, name: string): Migration {
  return { version, name, up: (db) => db.exec(`CREATE TABLE ${name} (id INTEGER)`) };
}

describe('applyMigrations', () => {
  it('applies pending migrations once, in version order', () => {
    const db = new BetterSqlite3(':memory:');
    expect(applyMigrations(db, [table(2, 'b'), table(1, 'a')])).toEqual([1, 2]);
    expect(applyMigrations(db, [table(1, 'a'), table(2, 'b')])).toEqual([]);
    db.close();
  });

  it('applies a lower-numbered migration that arrived after a higher one was applied', () => {
    const db = new BetterSqlite3(':memory:');
    applyMigrations(db, [table(1, 'a'), table(3, 'c')]);
    expect(applyMigrations(db, [table(1, 'a'), table(2, 'b'), table(3, 'c')])).toEqual([2]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toEqual({
      name: 'b',
    });
    db.close();
  });

  it('rolls a failing migration back whole and records nothing for it', () => {
    const db = new BetterSqlite3(':memory:');
    const broken: Migration = {
      version: 1,
      name: 'broken',
      up: (d) => d.exec('CREATE TABLE half (id INTEGER); CREATE TABLE half (id INTEGER);'),
    };
    expect(() => applyMigrations(db, [broken])).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: 0 });
    db.close();
  });
});
