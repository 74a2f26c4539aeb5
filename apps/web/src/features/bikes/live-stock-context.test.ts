import type { StockEventKind } from "@ultimate-bikes/contract/stock-events";
import { describe, expect, it } from "vitest";
import { noticeText, type StockNotice } from "./live-stock-context";

const notice = (kind: StockEventKind, units = 1): StockNotice => ({
  key: 1,
  bikeId: "bike-1",
  name: "Honda CB500",
  kind,
  units,
  shownOnBikePage: false,
});

describe("the corner notice", () => {
  it.each<[StockEventKind, number, string]>([
    ["create", 4, "Honda CB500 added"],
    ["seed", 4, "Honda CB500 added"],
    ["edit", 0, "Honda CB500 edited"],
    ["deliver", 2, "Honda CB500: 2 delivered just now"],
    ["import", 5, "Honda CB500: 5 imported just now"],
    ["delete", 3, "Honda CB500 deleted"],
    ["restore", 3, "Honda CB500 restored"],
  ])("names what happened: %s", (kind, units, text) => {
    expect(noticeText(notice(kind, units))).toBe(text);
  });
});
