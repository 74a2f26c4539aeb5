import { describe, expect, it } from "vitest";
import { stockQueryOf } from "./stock-query";
import { readStockView, sortForSearch, stockFilterSearch, stockViewSearch } from "./stock-view";

const read = (search: string) => readStockView(new URLSearchParams(search));

describe("the stock view in the URL", () => {
  it("reads search, filters, sort and page", () => {
    const place = "00000000-0000-4000-8000-000000000001";
    expect(
      read(`?q=%20honda%20&supplier=Acme&status=low&place=${place}&sort=-quantity&cursor=abc`),
    ).toEqual({
      q: "honda",
      supplier: "Acme",
      status: "low",
      place,
      sort: "-quantity",
      cursor: "abc",
    });
  });

  it("takes values the API would refuse as not given, and sorts oldest first by default", () => {
    expect(read("?status=lots&place=khulna&sort=colour&cursor=")).toEqual({
      q: "",
      supplier: "",
      status: undefined,
      place: "",
      sort: "created",
      cursor: undefined,
    });
  });

  it("writes only what differs from the default, so the plain list is a plain URL", () => {
    expect(stockViewSearch(read(""))).toBe("");
    expect(stockViewSearch(read("?sort=created&q="))).toBe("");
    const search = "?q=r1+yamaha&supplier=A+%26+B&status=out&sort=name&cursor=xyz";
    expect(stockViewSearch(read(search))).toBe(search);
  });

  it("sorts a search for words by best match unless another sort is chosen", () => {
    expect(read("?q=honda+cb").sort).toBe("relevance");
    expect(read("?q=%20-%20").sort).toBe("created");
    expect(stockViewSearch(read("?q=honda"))).toBe("?q=honda");
    expect(stockViewSearch(read("?q=honda&sort=created"))).toBe("?q=honda&sort=created");
    // Typing words into the plain list, then clearing them, follows the default both ways.
    expect(sortForSearch(read(""), "honda")).toBe("relevance");
    expect(sortForSearch(read("?q=honda"), "")).toBe("created");
    expect(sortForSearch(read("?q=honda&sort=relevance"), "")).toBe("created");
    // A sort someone chose stays.
    expect(sortForSearch(read("?sort=-price"), "honda")).toBe("-price");
    expect(sortForSearch(read("?q=honda&sort=name"), "")).toBe("name");
  });

  it("gives the CSV export the search and filters, without the sort or the page", () => {
    expect(stockFilterSearch(read("?q=honda&status=low&sort=-price&cursor=abc"))).toBe(
      "?q=honda&status=low",
    );
    expect(stockFilterSearch(read("?sort=name"))).toBe("");
  });

  it("asks the API for one page, leaving out what is not set", () => {
    expect(stockQueryOf(read("?status=out"), 24)).toEqual({
      q: undefined,
      supplier: undefined,
      status: "out",
      sort: "created",
      limit: 24,
      cursor: undefined,
    });
  });
});
