import { describe, expect, it } from 'vitest';
import { fieldKey, sexKey } from './labels';

describe('submission field labels', () => {
  it("names addresses and a person's ID number as the sandbox desk does", () => {
    expect(fieldKey('organization', 'address')).toBe('companyAddress');
    expect(fieldKey('document', 'address')).toBe('personAddress');
    expect(fieldKey('document', 'contactIdcard')).toBe('idNumber');
    expect(fieldKey('organization', 'contactIdcard')).toBe('contactIdcard');
    expect(fieldKey('supplement', 'legalName')).toBe('legalName');
  });

  it('words the sex code', () => {
    expect(sexKey('authorSex', '1')).toBe('sexMale');
    expect(sexKey('authorSex', '2')).toBe('sexFemale');
    expect(sexKey('authorSex', '9')).toBeNull();
    expect(sexKey('userName', '1')).toBeNull();
  });
});
