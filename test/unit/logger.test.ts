import { isoTime } from '../../src/logger';

describe('isoTime', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("writes pino's ISO timestamp for every millisecond, across seconds", () => {
    const times = [0, 7, 99, 999, 1000, 1_733_590_000_123, 1_733_590_000_999, 1_733_590_001_000];
    for (let i = 0; i < 2000; i += 1) {
      times.push(Math.floor(Math.random() * 4e12));
    }
    for (const time of times) {
      jest.spyOn(Date, 'now').mockReturnValue(time);
      expect(isoTime()).toBe(`,"time":"${new Date(time).toISOString()}"`);
    }
  });
});
