/**
 * Benchmark knobs come from BENCH_* environment variables so a run can be made longer
 * (steadier numbers) or shorter (a smoke check) without editing code.
 */
export function envNumber(
  name: string,
  fallback: number,
  options: { min?: number; integer?: boolean } = {},
): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') {
    return fallback;
  }
  const value = Number(raw);
  const min = options.min ?? 0;
  if (!Number.isFinite(value) || value < min || (options.integer && !Number.isInteger(value))) {
    throw new Error(
      `${name} must be ${options.integer ? 'an integer' : 'a number'} >= ${min}, got "${raw}"`,
    );
  }
  return value;
}

/** A string knob restricted to a few values. */
export function envChoice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') {
    return fallback;
  }
  if (!(choices as readonly string[]).includes(raw)) {
    throw new Error(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** A boolean knob: 1/true/yes turn it on. */
export function envFlag(name: string): boolean {
  return /^(1|true|yes)$/i.test(process.env[name] ?? '');
}
