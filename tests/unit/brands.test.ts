import { describe, expect, it } from "vitest";
import { brandForHost, primaryBrand } from "../../server/domain/brands";

const list = [
  { id: 2, domain: "indies.fanclub.localhost", isPrimary: false },
  { id: 1, domain: "www.fanclub.localhost", isPrimary: true },
];

describe("brands", () => {
  it("finds the brand of a host name", () => {
    expect(brandForHost(list, "indies.fanclub.localhost")?.id).toBe(2);
    expect(brandForHost(list, "my.fanclub.localhost")).toBeNull();
  });

  it("picks the primary brand, else the first", () => {
    expect(primaryBrand(list)?.id).toBe(1);
    expect(primaryBrand([list[0]!])?.id).toBe(2);
    expect(primaryBrand([])).toBeNull();
  });
});
