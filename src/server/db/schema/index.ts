// Every domain's tables, for the Drizzle client's relational queries.
export * from './users';
