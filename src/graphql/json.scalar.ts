import { GraphQLScalarType, Kind, ValueNode } from 'graphql';

function literalValue(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
      return parseInt(node.value, 10);
    case Kind.FLOAT:
      return parseFloat(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literalValue);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value)]));
    default:
      return undefined; // variables inside literals are not supported
  }
}

/** Any JSON value: moves, views, options and event payloads are game-specific. */
export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literalValue,
});
