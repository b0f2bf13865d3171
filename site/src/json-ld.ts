/** A schema.org JSON-LD value, and an object of them (undefined fields are left out when serialised). */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined }
export type JsonLd = { [key: string]: Json | undefined }
