import { ConfigError, loadConfig } from '../../../src/config/load-config';

describe('EXPORT_TIME_LIMIT_MS', () => {
  it('defaults to 30 minutes and takes a positive number of milliseconds', () => {
    expect(loadConfig({}).exportTimeLimitMs).toBe(1_800_000);
    expect(loadConfig({ EXPORT_TIME_LIMIT_MS: '7200000' }).exportTimeLimitMs).toBe(7_200_000);
  });

  it.each(['0', '-5', 'soon', '1.5'])('refuses %s, naming the variable', (value) => {
    let problems: string[] = [];
    try {
      loadConfig({ EXPORT_TIME_LIMIT_MS: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([expect.stringContaining('EXPORT_TIME_LIMIT_MS')]);
  });
});
