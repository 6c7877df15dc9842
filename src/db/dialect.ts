/** The two storage back ends Aisle runs on. */
export type DialectName = 'sqlite' | 'postgres';
