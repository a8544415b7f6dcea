/**
 * The values a form holds, derived from the shared schema it is checked with, so each field is written
 * once (in packages/shared/src/schemas). The schemas read multipart text (every field is a `z.preprocess`),
 * so their input types are `unknown`; the fields and their kinds come from what they parse to, the
 * `*Values` type each schema exports (`PropertyValues = z.infer<typeof propertySchema>`), mapped to what the
 * inputs hold:
 * - text stays text, flags stay flags, nested objects are held field by field;
 * - an id or an index (a select's choice) is held as the choice's string, a list of ids (a multi-select) as a
 *   list of strings;
 * - an optional field is held all the same ('' or an empty list when not filled in).
 * What the schema does not check is added by the form (`FormValues<UnitValues> & { avatar: File | null }`),
 * and a field held otherwise is replaced (`Omit<FormValues<TicketValues>, 'availability'> & ...`).
 */

/** What an input holds for one parsed value. */
export type Held<Parsed> = Parsed extends string
  ? string
  : Parsed extends number
    ? string
    : Parsed extends boolean
      ? boolean
      : Parsed extends readonly (infer Item)[]
        ? Held<Item>[]
        : Parsed extends object
          ? FormValues<Parsed>
          : never;

/** The values of a form checked with the schema whose parsed values are `Parsed`. */
export type FormValues<Parsed> = { -readonly [Key in keyof Parsed]-?: Held<NonNullable<Parsed[Key]>> };
