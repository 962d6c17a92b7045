/** Form resolvers that load the validator chunk (./schema-resolvers) on first use. */
import type { FieldValues, Resolver } from "react-hook-form";

type Resolvers = typeof import("./schema-resolvers");

let loading: Promise<Resolvers> | null = null;

/** Starts loading the validator (called when a visitor first focuses a form); safe to call often. */
export function preloadValidation(): Promise<Resolvers> {
  loading ??= import("./schema-resolvers").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Checks with the shared schema once its chunk is here. Should the chunk fail to load (a dropped
 * connection), the values go to the server, which checks them with the same schema and answers with
 * the same field messages.
 */
export function lazyResolver<T extends FieldValues>(pick: (resolvers: Resolvers) => Resolver<T>): Resolver<T> {
  return async (values, context, options) => {
    let resolvers: Resolvers;
    try {
      resolvers = await preloadValidation();
    } catch {
      return { values, errors: {} };
    }
    return pick(resolvers)(values, context, options);
  };
}
