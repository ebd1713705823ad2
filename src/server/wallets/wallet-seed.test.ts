import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mnemonicToSeedSync } from '@scure/bip39';
import { loadOrCreateWalletSeed, parseWalletSeedFile, WALLET_SEED_FILE } from './wallet-seed';

const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-seed-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('API.wallets.seed-file: DATA_DIR/wallet.seed', () => {
  it('API.wallets.seed-file: the first start creates a 0600 file holding a 24-word mnemonic under a warning', () => {
    const dir = path.join(tempDir(), 'data');
    const seed = loadOrCreateWalletSeed(dir);
    const file = path.join(dir, WALLET_SEED_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toMatch(/^# .*Anyone who reads it can spend all deposits/ms);
    const mnemonic = parseWalletSeedFile(text);
    expect(mnemonic.split(' ')).toHaveLength(24);
    expect(seed).toEqual(mnemonicToSeedSync(mnemonic));
    expect(seed).toHaveLength(64);
  });

  it('API.wallets.seed-file: later starts read the same seed; two installations get different ones', () => {
    const dir = tempDir();
    const first = loadOrCreateWalletSeed(dir);
    const before = fs.readFileSync(path.join(dir, WALLET_SEED_FILE), 'utf8');
    expect(loadOrCreateWalletSeed(dir)).toEqual(first);
    expect(fs.readFileSync(path.join(dir, WALLET_SEED_FILE), 'utf8')).toBe(before);
    expect(loadOrCreateWalletSeed(tempDir())).not.toEqual(first);
  });

  it('API.wallets.seed-file: a restored mnemonic (a backup) is read as it is, comments and spacing aside', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, WALLET_SEED_FILE), `# restored from backup\n\n  ${TEST_MNEMONIC.replaceAll(' ', '   ')}  \n`, {
      mode: 0o600,
    });
    expect(loadOrCreateWalletSeed(dir)).toEqual(mnemonicToSeedSync(TEST_MNEMONIC));
  });

  it('API.wallets.seed-file: a file open to group or others is narrowed to the owner', () => {
    const dir = tempDir();
    const file = path.join(dir, WALLET_SEED_FILE);
    fs.writeFileSync(file, `${TEST_MNEMONIC}\n`);
    fs.chmodSync(file, 0o644);
    loadOrCreateWalletSeed(dir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('API.wallets.seed-file: a file without exactly one valid mnemonic stops the start and is left as it was', () => {
    const dir = tempDir();
    const file = path.join(dir, WALLET_SEED_FILE);
    const wrongChecksum = TEST_MNEMONIC.replace(/about$/, 'abandon');
    for (const text of [
      '',
      '# only a comment\n',
      `${wrongChecksum}\n`,
      `${TEST_MNEMONIC}\n${TEST_MNEMONIC}\n`,
      'not a mnemonic at all\n',
    ]) {
      fs.writeFileSync(file, text, { mode: 0o600 });
      expect(() => loadOrCreateWalletSeed(dir), JSON.stringify(text)).toThrow(/wallet\.seed must hold one valid English BIP39 mnemonic/);
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
    }
  });
});
