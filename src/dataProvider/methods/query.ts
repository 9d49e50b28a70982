import type { RequestOptions } from '../http';

/** A call's query parameters (an empty, null or undefined value is left out of the URL). */
export type Query = NonNullable<RequestOptions['query']>;
