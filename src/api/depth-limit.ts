/**
 * A validation rule refusing queries nested deeper than `maxDepth` fields,
 * counting through fragments, so a client cannot ask for unbounded work.
 */
import { ASTVisitor, FragmentDefinitionNode, GraphQLError, SelectionSetNode, ValidationContext } from 'graphql';

function depthOf(selectionSet: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === 'Field') {
      deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, fragments, seen));
    } else if (selection.kind === 'InlineFragment') {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen));
    } else {
      const name = selection.name.value;
      if (seen.has(name) || !fragments[name]) continue;
      deepest = Math.max(deepest, depthOf(fragments[name].selectionSet, fragments, new Set([...seen, name])));
    }
  }
  return deepest;
}

/** Reported as BAD_USER_INPUT (see format-error.ts), not as a malformed query. */
export class QueryTooDeepError extends GraphQLError {}

export function depthLimit(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const document = context.getDocument();
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of document.definitions) {
      if (definition.kind === 'FragmentDefinition') fragments[definition.name.value] = definition;
    }
    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet, fragments, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new QueryTooDeepError(`The query is nested ${depth} levels deep; at most ${maxDepth} are allowed.`, { nodes: [operation] }),
          );
        }
      },
    };
  };
}
