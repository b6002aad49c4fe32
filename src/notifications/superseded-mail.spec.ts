import type { MailPart } from './mail-parts';
import { SupersededMail } from './superseded-mail';

describe('SupersededMail', () => {
  const reminders: MailPart = { superseded: { kind: 'DEADLINE_REMINDER', when: (n) => `${n}.reminder_over` } };

  it("asks each kind's own rule, the contributed ones beside the turn mail's, and a digest of every mail it gathered", () => {
    const sql = new SupersededMail([reminders, { unreadChat: () => 'SELECT NULL AS chat' }]).sql('n');
    expect(sql).toContain("WHEN 'DEADLINE_REMINDER' THEN n.reminder_over");
    expect(sql).toContain("WHEN 'YOUR_TURN' THEN");
    expect(sql).toContain("WHEN 'DEADLINE_REMINDER' THEN item.reminder_over");
    expect(new SupersededMail([]).sql('n')).not.toContain('DEADLINE_REMINDER');
  });

  it('refuses two rules for one kind, the turn mail included', () => {
    expect(() => new SupersededMail([reminders, reminders])).toThrow('two rules say when DEADLINE_REMINDER mail is superseded');
    expect(() => new SupersededMail([{ superseded: { kind: 'YOUR_TURN', when: () => 'true' } }])).toThrow('YOUR_TURN');
  });
});
