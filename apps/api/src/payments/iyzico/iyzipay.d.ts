/**
 * The part of the `iyzipay` package (iyzico's Node SDK, CommonJS, no types of its own) this site uses. Every
 * call takes a plain request object and answers through a callback with iyzico's JSON answer.
 */
declare module 'iyzipay' {
  type Callback = (error: Error | null, result: Record<string, unknown> | undefined) => void;
  interface Creatable {
    create(request: Record<string, unknown>, callback: Callback): void;
  }
  interface Retrievable {
    retrieve(request: Record<string, unknown>, callback: Callback): void;
  }
  class Iyzipay {
    constructor(config: { apiKey: string; secretKey: string; uri: string });
    checkoutFormInitialize: Creatable;
    checkoutForm: Retrievable;
    refundV2: Creatable;
    reportingTransactions: Retrievable;
    reportingTransactionDetails: Retrievable;
    static LOCALE: { TR: 'tr'; EN: 'en' };
  }
  export default Iyzipay;
}
