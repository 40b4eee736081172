import { describe, expect, it } from "vitest";
import { ticketBuyButton } from "../../server/domain/special-tickets";

const fan = { signedIn: true, isOwner: false, price: 1200, ended: false, following: true, blocked: false };

describe("what a special ticket's buy button offers (decision 037)", () => {
  it("sells a priced, live ticket to a following fan, and adds the follow for a fan who does not follow yet", () => {
    expect(ticketBuyButton(fan)).toBe("buy");
    expect(ticketBuyButton({ ...fan, following: false })).toBe("followAndBuy");
  });

  it("asks a visitor to sign in, and never sells the creator their own ticket", () => {
    expect(ticketBuyButton({ ...fan, signedIn: false, following: false })).toBe("signIn");
    expect(ticketBuyButton({ ...fan, isOwner: true })).toBe("own");
  });

  it("is not on sale when ended, unpriced, priced outside 100–100,000 yen, or for a blocked fan", () => {
    expect(ticketBuyButton({ ...fan, ended: true })).toBe("notOnSale");
    expect(ticketBuyButton({ ...fan, price: 0 })).toBe("notOnSale");
    expect(ticketBuyButton({ ...fan, price: 99 })).toBe("notOnSale");
    expect(ticketBuyButton({ ...fan, price: 100_001 })).toBe("notOnSale");
    expect(ticketBuyButton({ ...fan, price: 100 })).toBe("buy");
    expect(ticketBuyButton({ ...fan, blocked: true })).toBe("notOnSale");
    // a visitor is not told to sign in for a ticket nobody can buy
    expect(ticketBuyButton({ ...fan, signedIn: false, ended: true })).toBe("notOnSale");
  });
});
