/**
 * How often a kind of request may come, counted per player, per client
 * address or per email address it names (README.md, "Rate limits"). The
 * numbers let a player do anything a person does, however keen, and stop
 * scripts: guessing passwords is limited separately (login-attempts.ts).
 */
import type { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { ThrottlerOptions } from '@nestjs/throttler';
import type { RequestContext } from '../graphql/context';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What a limit's tracker gets: the request's context and its arguments. */
export interface LimitedRequest {
  context: RequestContext;
  args: Record<string, unknown>;
}

interface RequestLimit {
  name: string;
  limit: number;
  ttl: number;
  /** The mutations it counts; absent: every mutation. */
  mutations?: string[];
  /** Who is counted; null: this request is not (the limit does not apply to it). */
  tracker(request: LimitedRequest): string | null;
}

/** The signed-in player, else the client address. */
const player = ({ context }: LimitedRequest) => (context.userId ? `user:${context.userId}` : `address:${context.clientAddress}`);
const clientAddress = ({ context }: LimitedRequest) => `address:${context.clientAddress}`;
const signedInPlayer = ({ context }: LimitedRequest) => (context.userId ? `user:${context.userId}` : null);
/** The email address the request would mail. */
const mailedAddress = ({ args }: LimitedRequest) => {
  const email = args.email ?? args.newEmail;
  return typeof email === 'string' ? `email:${email.trim().toLowerCase()}` : null;
};

/** Mutations that mail someone or make an account: rare for a person, the first thing a script repeats. */
const ACCOUNT_REQUESTS = ['register', 'resendVerification', 'requestPasswordReset', 'resetPassword', 'verifyEmail', 'changeEmail'];
const MAILING = ['register', 'resendVerification', 'requestPasswordReset', 'changeEmail', 'invitePlayer', 'offerSeat'];

export const REQUEST_LIMITS: RequestLimit[] = [
  // A player moving as fast as clicks allow makes a move or two a second; a script, hundreds.
  { name: 'mutations-per-player', limit: 300, ttl: MINUTE, tracker: player },
  { name: 'account-requests-per-address', limit: 30, ttl: HOUR, mutations: ACCOUNT_REQUESTS, tracker: clientAddress },
  // Nobody's inbox gets more than a few such mails an hour from us, whoever asks.
  { name: 'mails-per-address', limit: 5, ttl: HOUR, mutations: MAILING, tracker: mailedAddress },
  { name: 'invitations-per-player', limit: 30, ttl: HOUR, mutations: ['invitePlayer', 'offerSeat'], tracker: signedInPlayer },
];

/** The mutations-per-player limit, which every move meets, is counted in-process (rate-limit-counters.ts). */
export const COUNTED_IN_PROCESS = ['mutations-per-player'];

export function limitedRequest(context: ExecutionContext): LimitedRequest {
  const graphql = GqlExecutionContext.create(context);
  return { context: graphql.getContext<RequestContext>(), args: graphql.getArgs() };
}

function isMutation(context: ExecutionContext): boolean {
  return context.getType<string>() === 'graphql' && GqlExecutionContext.create(context).getInfo().parentType.name === 'Mutation';
}

/** REQUEST_LIMITS as @nestjs/throttler's throttlers: each skips what it does not count. */
export function throttlers(): ThrottlerOptions[] {
  return REQUEST_LIMITS.map((rule) => ({
    name: rule.name,
    limit: rule.limit,
    ttl: rule.ttl,
    skipIf: (context) =>
      !isMutation(context) ||
      (rule.mutations !== undefined && !rule.mutations.includes(context.getHandler().name)) ||
      rule.tracker(limitedRequest(context)) === null,
    getTracker: (request) => rule.tracker(request as LimitedRequest)!,
    setHeaders: false,
  }));
}
