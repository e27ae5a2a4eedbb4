import { CATALOGUE, pluralOf } from './index';

/** What the engine and the screens rely on: a catalogue entry that breaks one of these would fail at runtime. */
describe('the catalogue', () => {
  const names = new Set(CATALOGUE.map((spec) => spec.name));
  // Screens outside the catalogue that references may point at.
  const external = new Set(['BackofficeUser']);

  it('names each resource and its list once', () => {
    expect(names.size).toBe(CATALOGUE.length);
    expect(new Set(CATALOGUE.map(pluralOf)).size).toBe(CATALOGUE.length);
  });

  it.each(CATALOGUE.map((spec) => [spec.name, spec] as const))('%s is consistent', (_name, spec) => {
    const field = (name: string) => spec.fields[name];
    expect(spec.defaultSort.field === 'id' || field(spec.defaultSort.field)?.sort).toBeTruthy();
    for (const name of spec.search) expect(['string', 'text']).toContain(field(name)?.kind);
    for (const [name, definition] of Object.entries(spec.fields)) {
      if (definition.kind === 'enum') expect({ name, values: definition.values?.length ?? 0 }).toEqual({ name, values: expect.any(Number) });
      if (definition.kind === 'enum') expect(definition.values!.length).toBeGreaterThan(0);
      if (definition.kind === 'ref') expect(names.has(definition.ref!) || external.has(definition.ref!)).toBe(true);
      if (definition.defaultValue !== undefined && definition.kind === 'enum') expect(definition.values).toContain(definition.defaultValue);
      expect(definition.readOnly && definition.required).toBeFalsy();
      // Every money field a user writes has a ceiling with its message (no £21m payment).
      if (definition.kind === 'money' && !definition.readOnly) expect({ name, max: definition.max, message: definition.maxMessage }).toEqual({ name, max: expect.any(Number), message: expect.stringMatching(/^Must be at most £/) });
    }
    if (spec.lockedWhen) expect(field(spec.lockedWhen.field)).toBeDefined();
    for (const { resource, target } of spec.related ?? []) {
      const other = CATALOGUE.find((candidate) => candidate.name === resource);
      expect({ resource, target, ref: other?.fields[target]?.ref }).toEqual({ resource, target, ref: spec.name });
    }
    if (!spec.representation.includes('${')) expect(field(spec.representation)).toBeDefined();
    // A list's tabs filter on an enum the list may filter by equality, one tab per value it has.
    if (spec.tabs) {
      const tabbed = field(spec.tabs.field);
      expect({ kind: tabbed?.kind, filter: tabbed?.filter }).toEqual({ kind: 'enum', filter: 'eq' });
      for (const value of spec.tabs.values ?? []) expect(tabbed?.values).toContain(value);
    }
  });
});
