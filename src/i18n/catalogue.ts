/** The shape of a translation catalogue: same keys as English, any strings. */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
