import { EventLog } from './event-log';

interface Counter {
  total: number;
  seen: string[];
}
type Added = { type: 'added'; amount: number };

const evolve = (state: Counter, event: Added): Counter => ({ total: state.total + event.amount, seen: [...state.seen, `+${event.amount}`] });

describe('EventLog', () => {
  it('keeps the events in the order written, and the state after all of them', () => {
    const log = new EventLog<Counter, Added>({ total: 0, seen: [] }, evolve);
    log.push({ type: 'added', amount: 2 });
    log.push({ type: 'added', amount: 3 }, { type: 'added', amount: 4 });
    expect(log.events).toEqual([
      { type: 'added', amount: 2 },
      { type: 'added', amount: 3 },
      { type: 'added', amount: 4 },
    ]);
    expect(log.state).toEqual({ total: 9, seen: ['+2', '+3', '+4'] });
  });

  it('lets each rule read the state the events before it led to', () => {
    const log = new EventLog<Counter, Added>({ total: 1, seen: [] }, evolve);
    // Doubling what is there: a rule that reads the state between two writes.
    log.push({ type: 'added', amount: log.state.total });
    log.push({ type: 'added', amount: log.state.total });
    expect(log.state.total).toBe(4);
  });

  it('leaves the starting state as it was', () => {
    const start = { total: 0, seen: [] };
    const log = new EventLog<Counter, Added>(start, evolve);
    log.push({ type: 'added', amount: 5 });
    expect(start).toEqual({ total: 0, seen: [] });
    expect(new EventLog<Counter, Added>(start, evolve).events).toEqual([]);
  });
});
