import type { Logger } from 'pino';
import type { SealedSecretStore } from '../ports/sealed-secrets';
import { openKeyRing, type KeyRing, type SecretKeySettings } from '../secrets/key-ring';
import { SecretResealer } from '../secrets/reseal';
import type { SecretsDeps } from '../secrets/secrets-deps';

/**
 * Opens the key ring and tells the operator what needs telling, once: a key file this start
 * generated (where it is, that it must be backed up), and key-file warnings. The key itself
 * is never logged.
 */
export function openSecrets(settings: SecretKeySettings, logger: Logger): KeyRing {
  const ring = openKeyRing(settings);
  for (const warning of ring.warnings) {
    logger.warn(warning);
  }
  if (ring.source.kind === 'file' && ring.source.created) {
    logger.warn(
      { path: ring.source.path, keyId: ring.box.currentKeyId },
      'generated a secrets key (SECRETS_KEY is not set): back this file up with the data, or ' +
        'set SECRETS_KEY to its content; without it the stored webhook secrets cannot be ' +
        'decrypted and every connector must be given a new secret',
    );
  }
  return ring;
}

/** The secrets dependencies over the stores that hold sealed secrets. */
export function secretsDeps(ring: KeyRing, stores: readonly SealedSecretStore[]): SecretsDeps {
  return {
    currentKeyId: ring.box.currentKeyId,
    keyIds: ring.box.keyIds,
    source: ring.source,
    resealer: new SecretResealer(stores, ring.box.currentKeyId),
  };
}
