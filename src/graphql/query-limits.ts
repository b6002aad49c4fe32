/**
 * Limits on what one GraphQL request may ask for, all checked before any
 * resolver runs, so a single request cannot make the server work for
 * seconds: tokens (while parsing), depth, aliases, directives and repeated
 * fields (while validating), and the total cost of the operation (once its
 * variables are known). Each refusal has the code QUERY_TOO_COMPLEX and says
 * which limit (`extensions.limit`), the most allowed and what was asked.
 *
 * Aliases and directives are counted by GraphQL Armor's rules, the cost by
 * graphql-query-complexity from each field's `complexity` (see
 * FIELD_COSTS), the tokens by graphql-js's own parser.
 */
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import {
  ASTVisitor,
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLError,
  GraphQLResolveInfo,
  GraphQLSchema,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
  ValueNode,
  visit,
} from 'graphql';
import type { ComplexityEstimatorArgs } from '@nestjs/graphql';
import { ComplexityEstimator, fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { AppError } from '../common/errors';
import type { RequestContext } from './context';

export type QueryLimitName = 'tokens' | 'depth' | 'aliases' | 'directives' | 'repeatedFields' | 'cost';

const COST_ANONYMOUS = 6000;
const COST_PLAYER = 12000;
/** A caller's costliest requests its reads may add up to in a minute (see pointsPerMinute… below). */
const COSTLIEST_REQUESTS_PER_MINUTE = 25;

/** The numbers (README.md, "Query limits"): far above what the web page asks, far below what hurts. */
export const QUERY_LIMITS = {
  /** Lexical tokens in the document; the web page's largest request has about 120. */
  tokens: 1000,
  /** Fields nested in fields. */
  depth: 8,
  aliases: 30,
  directives: 20,
  /** Times one field (one response name) may be selected in one selection set. */
  repeatedFields: 5,
  /**
   * Total cost (see FIELD_COSTS): anonymous callers (a spectator's page reads
   * 500 history entries, about 5,000), and signed-in players (their own 100
   * games cost about 5,200).
   */
  costAnonymous: COST_ANONYMOUS,
  costPlayer: COST_PLAYER,
  /**
   * Total cost of a subscription's selection, for anyone: it runs again at
   * every change of its game for as long as it is open, at no further cost
   * to whoever opened it. The page's cost 164 (the game) and about 1,800 (a
   * chat with its lines).
   */
  costSubscription: 3000,
  /**
   * What a caller's reads may cost together in a minute (queries, the
   * subscriptions it starts, record downloads): as much as
   * COSTLIEST_REQUESTS_PER_MINUTE of its costliest requests. A page loads with a few thousand, so a person never
   * meets it; a script asking for the costliest answers in a loop does, and
   * no longer keeps the server's two cores busy for everyone else.
   */
  pointsPerMinutePlayer: COSTLIEST_REQUESTS_PER_MINUTE * COST_PLAYER,
  pointsPerMinuteAnonymous: COSTLIEST_REQUESTS_PER_MINUTE * COST_ANONYMOUS,
} as const;

/** What fields cost beyond 1 each: the work a field causes, not the bytes it returns. */
export const FIELD_COSTS = {
  /** Recomputes the hash of every event of the game. */
  integrity: 500,
  /** Folds the game's events up to a version (from the nearest snapshot). */
  viewAsOf: 50,
  /** The ruleset's own work: the view, the legal moves. */
  rules: 5,
  /** Entries assumed for a list whose length no argument bounds (seats, deadlines, turns). */
  unboundedList: 10,
} as const;

export class QueryLimitError extends GraphQLError {
  readonly code = 'QUERY_TOO_COMPLEX';
  readonly details: { limit: QueryLimitName; max: number; actual?: number };

  constructor(limit: QueryLimitName, message: string, max: number, actual?: number) {
    // The client's request is refused, not failed: 400, also where a plugin throws it (Apollo answers those 500 otherwise).
    super(message, { extensions: { http: { status: 400 } } });
    this.details = { limit, max, ...(actual === undefined ? {} : { actual }) };
  }
}

/** graphql-js stops parsing past `maxTokens` with a syntax error of its own. */
export function queryLimitOfParseError(error: GraphQLError): QueryLimitError | null {
  if (!/Document contains more th(an|at) \d+ tokens/.test(error.message)) return null;
  return new QueryLimitError('tokens', `The query is too long: at most ${QUERY_LIMITS.tokens} tokens are allowed.`, QUERY_LIMITS.tokens);
}

/** Armor reports "… limit of N exceeded, found M."; we report our own error with the numbers. */
function armorRejection(limit: QueryLimitName, what: string, max: number) {
  return [
    (context: ValidationContext | null, error: GraphQLError) => {
      const found = Number(/found (\d+)/.exec(error.message)?.[1]);
      context?.reportError(new QueryLimitError(limit, `The query has ${found} ${what}; at most ${max} are allowed.`, max, found));
    },
  ];
}

function fragmentsOf(context: ValidationContext): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === 'FragmentDefinition') fragments[definition.name.value] = definition;
  }
  return fragments;
}

/**
 * How deep a selection set nests fields, through its fragments. A fragment's
 * depth is worked out once (`known`): spread again and again, fragments
 * would otherwise make this exponential. `open` guards against cycles,
 * which another rule refuses.
 */
function depthOf(
  selectionSet: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  known: Map<string, number>,
  open: Set<string>,
): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === 'Field') {
      deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, fragments, known, open));
    } else if (selection.kind === 'InlineFragment') {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, known, open));
    } else {
      const name = selection.name.value;
      if (open.has(name) || !fragments[name]) continue;
      if (!known.has(name)) {
        open.add(name);
        known.set(name, depthOf(fragments[name].selectionSet, fragments, known, open));
        open.delete(name);
      }
      deepest = Math.max(deepest, known.get(name)!);
    }
  }
  return deepest;
}

/** Refuses operations nested deeper than `maxDepth` fields, counting through fragments. */
function depthRule(maxDepth: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const depth = depthOf(operation.selectionSet, fragmentsOf(context), new Map(), new Set());
      if (depth > maxDepth) {
        context.reportError(new QueryLimitError('depth', `The query is nested ${depth} levels deep; at most ${maxDepth} are allowed.`, maxDepth, depth));
      }
    },
  });
}

/** The fields a selection set selects, through its fragments (each counted once: spread again, it selects the same fields), by response name. */
function countFields(selectionSet: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, counts: Map<string, number>, seen: Set<string>): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === 'Field') {
      const key = (selection as FieldNode).alias?.value ?? selection.name.value;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } else if (selection.kind === 'InlineFragment') {
      countFields(selection.selectionSet, fragments, counts, seen);
    } else if (!seen.has(selection.name.value) && fragments[selection.name.value]) {
      seen.add(selection.name.value);
      countFields(fragments[selection.name.value].selectionSet, fragments, counts, seen);
    }
  }
}

/**
 * Refuses a field selected more than `max` times in one selection set:
 * graphql-js checks every pair of same-named fields for conflicts, so a few
 * hundred copies of one field cost it a tenth of a second.
 */
function repeatedFieldsRule(max: number): ValidationRule {
  return (context): ASTVisitor => {
    const fragments = fragmentsOf(context);
    return {
      SelectionSet(selectionSet) {
        const counts = new Map<string, number>();
        countFields(selectionSet, fragments, counts, new Set());
        for (const [field, count] of counts) {
          if (count > max) {
            context.reportError(
              new QueryLimitError('repeatedFields', `The query selects "${field}" ${count} times in one place; at most ${max} are allowed.`, max, count),
            );
            return false;
          }
        }
        return undefined;
      },
    };
  };
}

export function queryLimitRules(): ValidationRule[] {
  return [
    depthRule(QUERY_LIMITS.depth),
    repeatedFieldsRule(QUERY_LIMITS.repeatedFields),
    maxAliasesRule({ n: QUERY_LIMITS.aliases, propagateOnRejection: false, onReject: armorRejection('aliases', 'aliases', QUERY_LIMITS.aliases) }),
    maxDirectivesRule({
      n: QUERY_LIMITS.directives,
      propagateOnRejection: false,
      onReject: armorRejection('directives', 'directives', QUERY_LIMITS.directives),
    }),
  ] as ValidationRule[];
}

/** Each field's cost: its own `complexity` (FIELD_COSTS, set where the field is declared), else 1 plus its children. */
export const estimators = [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })];

/** A list field's cost: its entries' cost times how many it may return. */
export function listCost(entries: (args: Record<string, unknown>) => number, ownCost = 1) {
  return ({ args, childComplexity }: ComplexityEstimatorArgs) => ownCost + entries(args) * childComplexity;
}

/**
 * Marks a list field whose resolver knows, before it reads, how many entries
 * it can bring (a game's history after a version: no more than the game's
 * events since). Its `complexity` still counts the most it may bring (its
 * `first`), which a request's cost limit checks before anything runs; but a
 * query spends from its caller's minute (SpendOnRead) what its other fields
 * cost before it runs, and what the list's entries cost as the resolver is
 * about to read them (spendOnEntries), for the entries it can bring. So a
 * page's live read after each move by someone else, `history(after:,
 * first: 500)`, spends what the step it brings costs, not 500 entries.
 */
export const ENTRIES_SPENT_WHEN_READ = 'entriesSpentWhenRead';

/**
 * Spends what `entries` entries of the list field `info` resolves cost, in the query running; refused past the caller's minute. Nothing in a mutation or
 * a subscription (spent as they start).
 */
export function spendOnEntries(context: RequestContext, info: GraphQLResolveInfo, entries: number): void {
  context.spendOnEntries?.(info.fieldNodes, entries);
}

/** What a query spends before it runs, and what an entry costs of each list whose entries are spent when read (by its node in the document). */
interface ReadPrice {
  upfront: number;
  perEntry: ReadonlyMap<FieldNode, number>;
}

/** Counts each list whose entries are spent when read as itself alone (1, as listCost does), noting what one of its entries costs. */
function entriesLeftForLater(perEntry: Map<FieldNode, number>): ComplexityEstimator {
  return ({ field, node, childComplexity }) => {
    if (!(field.extensions as Record<string, unknown> | undefined)?.[ENTRIES_SPENT_WHEN_READ]) return undefined;
    perEntry.set(node, childComplexity);
    return 1;
  };
}

/** The operation's cost; Infinity when it expands to more fields than the
 * estimator will visit; null when its variables are not valid (execution
 * refuses it then, before any resolver runs).
 */
export function costOf(options: Parameters<typeof getComplexity>[0]): number | null {
  try {
    return getComplexity(options);
  } catch (error) {
    return /maximum allowed number of nodes/.test((error as Error).message) ? Infinity : null;
  }
}

/**
 * The arguments a field's `complexity` may read (`first`: a list's length;
 * `asOf`: a past view). An operation's cost depends on its document, its
 * name and the values it gives these arguments and `@include`/`@skip`, and
 * on nothing else (test/security.e2e-spec.ts checks every field's cost).
 */
export const COST_ARGUMENTS: ReadonlySet<string> = new Set(['first', 'asOf']);

/** The variables a document's cost can depend on: those given to COST_ARGUMENTS, `@include` or `@skip`, anywhere in it. */
function costVariablesOf(document: DocumentNode): string[] {
  const names = new Set<string>();
  const collect = (value: ValueNode) => visit(value, { Variable: (variable) => void names.add(variable.name.value) });
  visit(document, {
    Field: (field) => field.arguments?.forEach((argument) => COST_ARGUMENTS.has(argument.name.value) && collect(argument.value)),
    Directive: (directive) => directive.arguments?.forEach((argument) => collect(argument.value)),
  });
  return [...names].sort();
}

/** Costs worked out per document, for a few combinations of its cost variables each: most requests repeat one of them. */
const COSTS_KEPT_PER_DOCUMENT = 16;

/** An operation's cost (for its limit) and, within the limit, what reading it spends (ReadPrice). */
interface Priced {
  cost: number;
  read: ReadPrice | null;
}

type PricingOptions = { schema: GraphQLSchema; query: DocumentNode; variables?: Record<string, unknown>; operationName?: string };

/** Null when the variables are not valid (see costOf). */
function priceOf(options: PricingOptions): Priced | null {
  const cost = costOf({ ...options, estimators });
  if (cost === null) return null;
  if (!Number.isFinite(cost)) return { cost, read: null };
  const perEntry = new Map<FieldNode, number>();
  const upfront = costOf({ ...options, estimators: [entriesLeftForLater(perEntry), ...estimators] })!;
  return { cost, read: { upfront, perEntry } };
}

/**
 * The cost of an operation, worked out once per document and values of its
 * cost variables: the same query sent again (a move, another move) costs a
 * lookup instead of a walk of its whole document with the schema's types,
 * which was a tenth of the server's time for a move (bench/README.md).
 * Keyed on the parsed document, which Apollo keeps per query text, so the
 * costs go when Apollo drops the document. Only counted costs are kept: a
 * request whose variables are not valid is worked out each time.
 */
class CostCache {
  private readonly byDocument = new WeakMap<DocumentNode, { variables: string[]; costs: Map<string, Priced> }>();

  priceOf(options: PricingOptions): Priced | null {
    let known = this.byDocument.get(options.query);
    if (!known) this.byDocument.set(options.query, (known = { variables: costVariablesOf(options.query), costs: new Map() }));
    // A variable left out ([]) and one given as null ([null]) may cost differently: a left-out argument takes its default.
    const given = (name: string) => (options.variables && name in options.variables ? [options.variables[name]] : []);
    const key = JSON.stringify([options.operationName ?? null, ...known.variables.map(given)]);
    const kept = known.costs.get(key);
    if (kept !== undefined) return kept;
    const priced = priceOf(options);
    if (priced !== null && known.costs.size < COSTS_KEPT_PER_DOCUMENT) known.costs.set(key, priced);
    return priced;
  }
}

/** What an operation may cost, and what its refusal says of whose budget it is. */
export interface CostBudget {
  max: number;
  whose: string;
}

/** A query's or mutation's budget: a visitor's is the smaller. */
export function requestBudget(signedIn: boolean): CostBudget {
  return signedIn ? { max: QUERY_LIMITS.costPlayer, whose: '' } : { max: QUERY_LIMITS.costAnonymous, whose: ' for a visitor who is not logged in' };
}

export const SUBSCRIPTION_BUDGET: CostBudget = { max: QUERY_LIMITS.costSubscription, whose: ' for a subscription, which runs again at every change' };

/** The refusal of an operation costing more than its budget (null: a cost not counted, its variables being invalid). */
export function costLimitRefusal(cost: number | null, { max, whose }: CostBudget): QueryLimitError | null {
  if (cost === null || cost <= max) return null;
  return new QueryLimitError(
    'cost',
    `The query would cost ${cost === Infinity ? 'too much to count' : cost}; at most ${max} is allowed${whose}. Ask for less at once.`,
    max,
    Number.isFinite(cost) ? cost : undefined,
  );
}

/** Spends a read's cost from its caller's points for the minute (rate-limits/read-budget.ts); throws RATE_LIMITED past them. */
export type SpendOnRead = (context: RequestContext, cost: number) => void;

/**
 * Spends a query's cost, or refuses it as a request over its limit: 429, with Retry-After (the AppError's code and details reach the client through
 * formatError).
 */
function spendOrRefuse(spend: SpendOnRead, context: RequestContext, cost: number): void {
  try {
    spend(context, cost);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    const headers = new HeaderMap([['retry-after', String(error.details!.retryAfter)]]);
    throw new GraphQLError(error.message, { originalError: error, extensions: { http: { status: 429, headers } } });
  }
}

/**
 * Checks the operation's total cost once its variables are known, before it
 * runs; a query's cost is then spent from its caller's points for the minute
 * (mutations have limits of their own), the entries of lists marked
 * ENTRIES_SPENT_WHEN_READ as they are read.
 */
export function costLimitPlugin(spend: SpendOnRead): ApolloServerPlugin<RequestContext> {
  const costs = new CostCache();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, contextValue, operation }) {
          const priced = costs.priceOf({ schema, query: document, variables: request.variables, operationName: request.operationName });
          const refusal = costLimitRefusal(priced?.cost ?? null, requestBudget(Boolean(contextValue.userId)));
          if (refusal) throw refusal;
          if (operation?.operation !== 'query' || !priced?.read) return;
          spendOrRefuse(spend, contextValue, priced.read.upfront);
          const { perEntry } = priced.read;
          // Selected twice under one name, a field is read once, as counted for both.
          contextValue.spendOnEntries = (nodes, entries) => {
            const entryCost = nodes.reduce((sum, node) => sum + (perEntry.get(node) ?? 0), 0);
            spendOrRefuse(spend, contextValue, entryCost * entries);
          };
        },
      };
    },
  };
}
