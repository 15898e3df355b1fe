import { describe, expect, it } from 'vitest';
import { chunkSteps } from './build-manifest';

const manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_card-c.js': { file: 'assets/card-c.js', imports: ['_react-b.js'] },
  'src/routes/_visitor-index/$.lazy.tsx': {
    file: 'assets/_.lazy-d.js',
    imports: ['index.html', '_card-c.js', '_react-b.js'],
  },
};

describe('chunkSteps', () => {
  it('lists a route chunk after the chunks it imports, without the app entry’s own', () => {
    expect(chunkSteps(manifest)(['src/routes/_visitor-index/$.lazy.tsx'])).toEqual([
      '/assets/card-c.js',
      '/assets/_.lazy-d.js',
    ]);
  });

  it('skips files the build has no chunk for (routes without a lazy part)', () => {
    expect(chunkSteps(manifest)(['src/routes/_visitor-index.lazy.tsx'])).toEqual([]);
  });
});
