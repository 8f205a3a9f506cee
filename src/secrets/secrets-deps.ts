import type { KeySource } from './key-ring';
import type { SecretResealer } from './reseal';

/** Secrets at rest, for the start-up pass and the CLI (docs/webhooks.md, "Secrets at rest"). */
export interface SecretsDeps {
  /** Id of the key new values are sealed under. */
  currentKeyId: string;
  /** Ids of every configured key, the current one first. */
  keyIds: string[];
  /** Where the current key came from. */
  source: KeySource;
  /** The re-encryption pass over every store holding sealed secrets. */
  resealer: SecretResealer;
}
