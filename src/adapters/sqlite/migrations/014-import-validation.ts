import type { Migration } from './index';

/**
 * Whether an import held its records to their types' rules (`validate_records`, 1) or wrote
 * them as the upload had them (`POST /api/imports?validateRecords=false`, 0). Imports recorded
 * before could only validate: they read as 1.
 */
export const m014ImportValidation: Migration = {
  version: 14,
  name: 'import-validation',
  up(db) {
    db.exec(`
      ALTER TABLE imports ADD COLUMN validate_records INTEGER NOT NULL DEFAULT 1
        CHECK (validate_records IN (0, 1));
    `);
  },
};
