import { describe, expect, it } from 'vitest';
import { prettyLogs } from './logger';

describe('prettyLogs', () => {
  it('shows a person at a terminal readable lines and a process manager or container JSON', () => {
    expect(prettyLogs({ logFormat: undefined, nodeEnv: 'production' }, true)).toBe(true);
    expect(prettyLogs({ logFormat: undefined, nodeEnv: 'production' }, false)).toBe(false);
    expect(prettyLogs({ logFormat: undefined, nodeEnv: 'development' }, false)).toBe(true);
  });

  it('does what LOG_FORMAT says when it is set', () => {
    expect(prettyLogs({ logFormat: 'json', nodeEnv: 'development' }, true)).toBe(false);
    expect(prettyLogs({ logFormat: 'pretty', nodeEnv: 'production' }, false)).toBe(true);
  });
});
