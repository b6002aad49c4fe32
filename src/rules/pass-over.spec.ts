import { accept, refuse, RulesEvent } from './contract';
import { passOver, PassingRules } from './pass-over';
import { seededRandom } from './random';

/** A seat acts through `steps` decisions, each either passable ('pass') or a real choice ('choice'), then seat 1 plays. */
interface Turn {
  seat: number;
  steps: Array<'pass' | 'choice'>;
}

const rules = (overrides: Partial<PassingRules<Turn, string, RulesEvent>> = {}): PassingRules<Turn, string, RulesEvent> => ({
  decide: (state, move, seat) => accept([{ type: 'passed', seat, move }]),
  evolve: (state) => (state.steps.length > 1 ? { ...state, steps: state.steps.slice(1) } : { seat: 1, steps: ['choice'] }),
  toAct: (state, seat) => state.seat === seat,
  leastMove: (state) => (state.steps[0] === 'pass' ? 'pass' : null),
  ...overrides,
});
const random = seededRandom('x');

describe('passOver', () => {
  it('passes each decision of the seat until another seat is to act', () => {
    expect(passOver(rules(), { seat: 0, steps: ['pass', 'pass'] }, 0, random)).toEqual([
      { type: 'passed', seat: 0, move: 'pass' },
      { type: 'passed', seat: 0, move: 'pass' },
    ]);
  });

  it('is null for a seat that is not to act', () => {
    expect(passOver(rules(), { seat: 1, steps: ['pass'] }, 0, random)).toBeNull();
  });

  it('is null, not half a skip, when a later decision is a real choice', () => {
    expect(passOver(rules(), { seat: 0, steps: ['pass', 'choice'] }, 0, random)).toBeNull();
  });

  it('passes one turn only: where the seat’s next turn begins, it stops, and that turn is left to its player', () => {
    // The seat's turn ends, and a new one of the same seat begins (a new round it starts).
    const nextTurnToo: PassingRules<Turn, string, RulesEvent> = rules({
      decide: (state, move, seat) =>
        accept(
          state.steps.length > 1
            ? [{ type: 'passed', seat, move }]
            : [
                { type: 'passed', seat, move },
                { type: 'turnBegan', seat },
              ],
        ),
      evolve: (state, event) =>
        event.type === 'turnBegan' ? { seat: 0, steps: ['pass'] } : state.steps.length > 1 ? { ...state, steps: state.steps.slice(1) } : state,
    });
    const turnBegins = (event: RulesEvent, seat: number) => event.type === 'turnBegan' && event.seat === seat;
    expect(passOver({ ...nextTurnToo, beginsTurn: turnBegins }, { seat: 0, steps: ['pass', 'pass'] }, 0, random)).toEqual([
      { type: 'passed', seat: 0, move: 'pass' },
      { type: 'passed', seat: 0, move: 'pass' },
      { type: 'turnBegan', seat: 0 },
    ]);
    // Without it, the seat's turns would be passed over one after another.
    expect(() => passOver(nextTurnToo, { seat: 0, steps: ['pass', 'pass'] }, 0, random)).toThrow(/did not end its turn/);
  });

  it('fails loudly when the game refuses its own least move, or never lets the seat go', () => {
    expect(() => passOver(rules({ decide: () => refuse('no') }), { seat: 0, steps: ['pass'] }, 0, random)).toThrow(/refused: no/);
    expect(() => passOver(rules({ evolve: (state) => state }), { seat: 0, steps: ['pass'] }, 0, random)).toThrow(/did not end its turn/);
  });
});
