// Every domain's tables, for the Drizzle client's relational queries.
export * from './auth';
export * from './mail';
export * from './ratings';
export * from './users';
export * from './events';
export * from './tickets';
export * from './notifications';
export * from './messaging';
export * from './vendors';
export * from './promotions';
export * from './diary';
export * from './feedback';
export * from './affiliates';
export * from './marketing';
export * from './subscriptions';
export * from './rides';
export * from './content';
