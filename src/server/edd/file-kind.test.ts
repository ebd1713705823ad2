import { describe, expect, it } from 'vitest';
import { declaredTypeContradicts, sniffFileKind } from './file-kind';

describe('EDD upload kinds', () => {
  it('API.edd.upload-content-type: PNG, JPEG and PDF are recognised by their first bytes', () => {
    expect(sniffFileKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffFileKind(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffFileKind(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('API.edd.upload-content-type: executables, scripts and truncated magic are not documents', () => {
    expect(sniffFileKind(Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]))).toBeNull(); // ELF
    expect(sniffFileKind(new TextEncoder().encode('MZ\x90\x00'))).toBeNull(); // PE
    expect(sniffFileKind(new TextEncoder().encode('<svg onload=alert(1)>'))).toBeNull();
    expect(sniffFileKind(Uint8Array.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffFileKind(new Uint8Array())).toBeNull();
  });

  it('API.edd.upload-content-type: a declared type that names another kind contradicts the content', () => {
    expect(declaredTypeContradicts('image/jpeg', 'application/pdf')).toBe(true);
    expect(declaredTypeContradicts('image/png', 'image/png')).toBe(false);
    expect(declaredTypeContradicts('image/jpg', 'image/jpeg')).toBe(false);
    expect(declaredTypeContradicts('application/octet-stream', 'image/png')).toBe(false);
    expect(declaredTypeContradicts(undefined, 'image/png')).toBe(false);
  });
});
