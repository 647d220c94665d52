import { KernelApi } from '../../../sdk/contracts/kernel';
import { sessionRoute } from '../route-definition';

const dictionaryList = sessionRoute.of(KernelApi.dictionary, {
  anyUser: true,
  handler: ({ query, deps }) => deps.store.dictionary.list(query.type?.trim() || undefined),
});

/** Answers POST as well as the contract's GET. */
export const dictionaryListRoute = { ...dictionaryList, method: ['GET', 'POST'] } satisfies typeof dictionaryList;
