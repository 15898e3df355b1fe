export * from './category';
export * from './common';
export * from './description';
export * from './page';
export * from './user';
