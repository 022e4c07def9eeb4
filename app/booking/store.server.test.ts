import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/database/database.server.ts";
import { databaseUnderTest, unitTestDatabases } from "#tests/support/postgres.ts";
import { bookingStore } from "#app/booking/store.server.ts";

const hour = 3600_000;
const now = Date.parse("2027-03-01T08:00:00Z");
const slot = (n: number) => ({ start: now + n * hour, end: now + n * hour + hour / 2 });

describe(`booked calls on ${databaseUnderTest}`, () => {
  const databases = unitTestDatabases();
  afterAll(() => databases.stop());

  it("counts the owner's moves apart: a call moved by the owner leaves the visitor's three", async () => {
    const database = await openDatabase(await databases.open());
    try {
      const bookings = bookingStore(database);
      const booked = await bookings.book(
        {
          createdAt: now,
          lang: "es",
          name: "José",
          email: "jose@example.com",
          company: null,
          topic: "Facturas",
          ...slot(1),
        },
        () => [],
        now,
      );
      if (booked === "taken") throw new Error("taken");
      const move = (n: number, maxMoves: number | "owner") =>
        bookings.move(booked.id, slot(n), { maxMoves, now }, () => [], now);

      // The owner moves it twice: no limit, and the calendar's SEQUENCE goes up each time.
      expect(await move(2, "owner")).toMatchObject({ sequence: 1, ownerMoves: 1 });
      expect(await move(3, "owner")).toMatchObject({ sequence: 2, ownerMoves: 2 });
      // The visitor still has their three.
      for (const n of [4, 5, 6]) expect(await move(n, 3)).toMatchObject({ start: slot(n).start });
      expect(await move(7, 3)).toBe("exhausted");
      // And the owner can still move it.
      expect(await move(8, "owner")).toMatchObject({ sequence: 6, ownerMoves: 3 });
      expect(await bookings.find(booked.id)).toMatchObject({ start: slot(8).start });
    } finally {
      await database.close();
    }
  });
});
