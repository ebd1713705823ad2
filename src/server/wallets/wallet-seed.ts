import fs from 'node:fs';
import path from 'node:path';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { ensurePrivateDir, narrowIfPresent, PRIVATE_FILE_MODE } from '../lib/private-files';

// The master seed of every deposit address: one BIP39 mnemonic in DATA_DIR/wallet.seed.
//
// WARNING: whoever reads this file can spend every coin ever deposited, and whoever loses it
// loses them all. A file beside the database is the reference server's arrangement, good for
// development and demonstration only. In production the seed belongs in an HSM or a cloud KMS
// that derives the keys and signs inside it, and its mnemonic in offline backups kept apart
// from the database backups: the database says
// which addresses are ours, only the seed can move what they hold.
//
// A mnemonic rather than raw bytes, so that the backup is 24 words on paper and any BIP39
// wallet can restore the keys (BIP84 for Bitcoin, BIP44 for Ethereum and Solana: see
// deposit-address-deriver.ts) should the exchange ever need to sweep funds without its server.

export const WALLET_SEED_FILE = 'wallet.seed';

/** 256 bits of entropy: 24 words. */
const MNEMONIC_STRENGTH = 256;

const HEADER = [
  '# Master seed (BIP39 mnemonic) of every deposit address of this exchange.',
  '# Anyone who reads it can spend all deposits; losing it loses them. Back it up offline,',
  '# apart from the database. In production keep it in an HSM or KMS, not on this disk.',
];

/** The mnemonic of a wallet.seed file's text: its one line that is neither blank nor a # comment. */
export function parseWalletSeedFile(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('#'));
  const mnemonic = (lines.length === 1 ? lines[0]! : '').split(/\s+/).join(' ');
  if (!validateMnemonic(mnemonic, wordlist)) {
    throw new Error(`${WALLET_SEED_FILE} must hold one valid English BIP39 mnemonic (its checksum included)`);
  }
  return mnemonic;
}

/**
 * Reads the 64-byte BIP39 seed from DATA_DIR/wallet.seed, creating the file (0600) with a new
 * 24-word mnemonic on first start. A file that exists but does not hold a valid mnemonic stops
 * the server: making a new seed over it would orphan every address already handed out.
 */
export function loadOrCreateWalletSeed(dataDir: string): Uint8Array {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, WALLET_SEED_FILE);
  try {
    // 'wx' fails if the file exists, so two processes starting together never overwrite each other.
    const text = [...HEADER, generateMnemonic(wordlist, MNEMONIC_STRENGTH), ''].join('\n');
    fs.writeFileSync(file, text, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    narrowIfPresent(file);
  }
  const mnemonic = parseWalletSeedFile(fs.readFileSync(file, 'utf8'));
  return mnemonicToSeedSync(mnemonic);
}
