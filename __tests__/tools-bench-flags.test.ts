import { FlagError, choiceFlag, listFlag, numberFlag, readFlags, switchFlag, textFlag } from '../tools/bench/flags';

const SPEC = {
  reuse: switchFlag(),
  runs: numberFlag(3, { min: 1 }),
  slowdown: numberFlag(),
  dir: textFlag('.'),
  compare: textFlag(),
  logs: textFlag(undefined, { bare: 'bench-logs' }),
  only: listFlag(),
  order: choiceFlag(['newest', 'oldest', 'none', 'all'] as const, 'all'),
};

function read(args: string[], positionals = false) {
  return readFlags(SPEC, { args, positionals });
}

function message(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof FlagError) return error.message;
    throw error;
  }
  return '';
}

describe('a bench reads its command line', () => {
  it('gives every flag its default when none is written', () => {
    expect(read([])).toEqual({
      reuse: false,
      runs: 3,
      slowdown: undefined,
      dir: '.',
      compare: undefined,
      logs: undefined,
      only: undefined,
      order: 'all',
      positionals: [],
    });
  });

  it('takes a choice from its list, and stops on any other with one line naming it', () => {
    expect(read(['--order', 'oldest']).order).toBe('oldest');
    expect(message(() => read(['--order', 'random']))).toBe('--order takes one of newest, oldest, none, all, not "random"');
  });

  it('reads switches, numbers, texts and lists in any order', () => {
    const flags = read([
      '--only',
      '/uz,/ru/loads',
      '--runs',
      '7',
      '--reuse',
      '--slowdown',
      '8.5',
      '--dir',
      'other',
      '--compare',
      '/tmp/old',
    ]);
    expect(flags).toMatchObject({ reuse: true, runs: 7, slowdown: 8.5, dir: 'other', compare: '/tmp/old', only: ['/uz', '/ru/loads'] });
  });

  it('takes --name=value as npm passes it on', () => {
    expect(read(['--runs=5']).runs).toBe(5);
  });

  it('gives a flag whose value may be left out its bare value, at the end of the line or before another flag', () => {
    expect(read(['--logs']).logs).toBe('bench-logs');
    expect(read(['--logs', '--reuse'])).toMatchObject({ logs: 'bench-logs', reuse: true });
    expect(read(['--logs', 'here']).logs).toBe('here');
  });

  it('returns the arguments that are not flags only where the bench takes them', () => {
    expect(read(['--reuse', '/ru/loads', '/uz'], true)).toMatchObject({ reuse: true, positionals: ['/ru/loads', '/uz'] });
    expect(message(() => read(['/ru/loads']))).toBe('unexpected argument /ru/loads (this bench reads only flags)');
  });

  it('stops on a mistake with one line naming the flag', () => {
    expect(message(() => read(['--run', '5']))).toBe(
      'unknown flag --run (this bench reads --reuse, --runs, --slowdown, --dir, --compare, --logs, --only, --order)',
    );
    expect(message(() => read(['--runs']))).toBe('--runs needs a value');
    expect(message(() => read(['--runs', '--reuse']))).toBe('--runs needs a value');
    expect(message(() => read(['--runs', 'many']))).toBe('--runs takes a number of at least 1, not "many"');
    expect(message(() => read(['--runs', '0']))).toBe('--runs takes a number of at least 1, not "0"');
    expect(message(() => read(['--slowdown', '']))).toBe('--slowdown takes a number of at least 0, not ""');
  });
});
