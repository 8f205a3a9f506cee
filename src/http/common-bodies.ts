import { z } from 'zod';

/** Longest grace period a secret rotation may ask for: 7 days. */
const MAX_GRACE_SECONDS = 7 * 24 * 60 * 60;

/**
 * The body of a secret rotation (connectors, event subscriptions): how long the previous
 * secret stays valid, or no body at all.
 */
export const rotateSecretBody = z
  .object({
    gracePeriodSeconds: z
      .number({ message: 'must be a number' })
      .int('must be an integer')
      .min(0, 'must not be negative')
      .max(MAX_GRACE_SECONDS, `at most ${MAX_GRACE_SECONDS} (7 days)`),
  })
  .strict()
  .optional();

/** The body of an action that takes no input: absent or `{}`. */
export const noBody = z.object({}).strict().optional();
