import type { KeySource } from '../../secrets/key-ring';
import { describeUnreadable } from '../../secrets/reseal';
import type { CommandDef } from '../command';
import { formatFields } from '../output';

/** Where the current key came from, in words. */
function sourceText(source: KeySource): string {
  if (source.kind === 'file') {
    return `${source.path} (SECRETS_KEY is not set)`;
  }
  return source.keyFile === null
    ? 'SECRETS_KEY'
    : `SECRETS_KEY (the key in ${source.keyFile} is kept as a previous key)`;
}

const rotate: CommandDef = {
  group: 'secrets',
  name: 'rotate',
  summary: 'Re-encrypt every stored secret under the current key (after a key change)',
  usage: '',
  description: [
    'Rewrites every stored secret that is sealed under a previous key (SECRETS_KEY_PREVIOUS) or still in plaintext (stored before encryption) under the current key (SECRETS_KEY), in chunks, while the server keeps running. It is idempotent: run it as often as you like. The server runs the same pass at every start; this command runs it now and says when it is done.',
    'When it reports nothing unreadable, no stored secret needs a previous key any more: remove SECRETS_KEY_PREVIOUS (and restart). A secret that no configured key opens is left as it is and listed: restore the key it was sealed under and run the command again, or rotate that connector’s secret. See docs/webhooks.md, "Secrets at rest".',
  ],
  options: [],
  examples: [
    'secrets rotate',
    'SECRETS_KEY=<new key> SECRETS_KEY_PREVIOUS=<old key> npm run cli -- secrets rotate',
  ],
  async run(_values, deps) {
    const { secrets } = deps;
    const report = await secrets.resealer.run();
    const previous = secrets.keyIds.filter((id) => id !== secrets.currentKeyId);
    const done = report.complete && report.unreadable.length === 0;
    return {
      json: {
        currentKeyId: secrets.currentKeyId,
        previousKeyIds: previous,
        examined: report.examined,
        resealed: report.resealed,
        unreadable: report.unreadable,
        complete: report.complete,
      },
      text: [
        `Re-encrypted ${report.resealed} stored secret record(s) under the current key.`,
        ...formatFields([
          ['current key', `${secrets.currentKeyId} from ${sourceText(secrets.source)}`],
          ['previous keys', previous.length === 0 ? '(none)' : previous.join(', ')],
          ['records examined', String(report.examined)],
          ['records rewritten', String(report.resealed)],
          ['unreadable secrets', String(report.unreadable.length)],
        ]),
        ...(done
          ? [
              '',
              'Every stored secret is sealed under the current key: the previous keys are no longer needed.',
            ]
          : [
              '',
              'These secrets cannot be decrypted with the configured keys and were left as they are:',
              ...report.unreadable.map((secret) => `  ${describeUnreadable(secret)}`),
              'Restore the key they were sealed under (SECRETS_KEY_PREVIOUS) and run this again, ' +
                'or rotate those connectors’ secrets. Keep the previous keys until then.',
            ]),
      ],
    };
  },
};

/** Secrets at rest (docs/webhooks.md, "Secrets at rest"). */
export const secretsCommands: CommandDef[] = [rotate];
