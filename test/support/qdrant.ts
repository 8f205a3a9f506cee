import { randomUUID } from 'node:crypto';
import { QdrantClient } from '@qdrant/js-client-rest';
import { QdrantVectorIndex } from '../../src/adapters/qdrant/vector-index';
import { loadConfig } from '../../src/config/load-config';
import { KEY_A } from './secrets';

/**
 * Tests against a real Qdrant run when QDRANT_URL is set (CI's Qdrant service container);
 * otherwise they are skipped and say why. Each index gets its own random collection, which
 * its cleanup deletes, so runs never touch the service's collection.
 */
export type QdrantTarget =
  | { available: true; open: () => { index: QdrantVectorIndex; cleanup: () => Promise<void> } }
  | { available: false; reason: string };

export function qdrantTarget(): QdrantTarget {
  // The same validated configuration the service reads (nothing else reads process.env).
  // NEO4J_URI (set by the global set-up) requires SECRETS_KEY: a test key when absent.
  const settings = loadConfig({ SECRETS_KEY: KEY_A, ...process.env, LOG_LEVEL: 'silent' }).qdrant;
  if (!settings) {
    return {
      available: false,
      reason: 'QDRANT_URL is not set (no Qdrant server on this machine; CI sets it)',
    };
  }
  return {
    available: true,
    open: () => {
      const collection = `test_${randomUUID().replace(/-/g, '')}`;
      const apiKey = settings.apiKey ? { apiKey: settings.apiKey } : {};
      const index = new QdrantVectorIndex({ url: settings.url, collection, ...apiKey });
      const cleanup = async () => {
        const client = new QdrantClient({
          url: settings.url,
          checkCompatibility: false,
          ...apiKey,
        });
        await client.deleteCollection(collection);
      };
      return { index, cleanup };
    },
  };
}
