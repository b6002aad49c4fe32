/**
 * An unexpected error's response carries the request id (`extensions.requestId`)
 * that its log line has, so a player's report leads straight to the log.
 */
import type { ApolloServerPlugin } from '@apollo/server';

export interface WithRequestId {
  requestId?: string;
}

export const requestIdOnFaults: ApolloServerPlugin<WithRequestId> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response, contextValue }) {
        const requestId = contextValue.requestId;
        if (!requestId || response.body.kind !== 'single' || !response.body.singleResult.errors) return;
        response.body.singleResult.errors = response.body.singleResult.errors.map((error) =>
          error.extensions?.code === 'INTERNAL_SERVER_ERROR' ? { ...error, extensions: { ...error.extensions, requestId } } : error,
        );
      },
    };
  },
};
