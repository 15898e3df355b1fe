export type SeedContext = {
  /** One instant for the whole run, so prices, histories and publication dates agree. */
  now: Date;
  log: (message: string) => void;
};
