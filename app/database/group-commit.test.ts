import { describe, expect, it } from "vitest";
import { groupCommit } from "#app/database/group-commit.ts";

describe("group commit", () => {
  it("hands inserts of one turn to one write and settles each", async () => {
    const batches: number[] = [];
    const insert = groupCommit((batch) => {
      batches.push(batch.length);
      batch.forEach((item, index) => item.resolve(index + 1));
    });
    expect(await Promise.all([insert(["a"]), insert(["b"]), insert(["c"])])).toEqual([1, 2, 3]);
    expect(await insert(["d"])).toBe(1);
    expect(batches).toEqual([3, 1]);
  });

  it("rejects the whole batch when the write throws, instead of crashing the process", async () => {
    const insert = groupCommit(() => {
      throw new Error("cannot rollback - no transaction is active");
    });
    const results = await Promise.allSettled([insert(["a"]), insert(["b"])]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain("cannot rollback");
  });
});
