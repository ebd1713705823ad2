// A domestic bank account that passes every check of spec A §3/§5 (ABA check digits on both
// routing numbers), as the create call's body: one copy for the tests that link an account.
export const domesticBankAccount = {
  type: 'individual',
  bank_account_type: 'checking',
  is_international: false,
  account_number: '000123456789',
  routing_number: '021000021',
  wire_routing_number: '026009593',
  enable_wires: true,
  first_name: 'Ada',
  last_name: 'Lovelace',
  bank_name: 'First Harbor Bank',
};
