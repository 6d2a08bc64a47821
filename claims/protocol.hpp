// The refutation protocol's records, kept in a ClaimResult's `measured`
// JSON so that the ledger file, results/claims.md and `tibench verify
// --explain` carry them without a schema change:
//
//   measured["paper_data"]  the check's criterion applied to the paper's
//       printed numbers: {"criterion": "holds" | "fails", "values": {...},
//       "note": "..."}. A criterion the paper's own data fail misreads the
//       claim; a check whose data fail is at most inconclusive.
//   measured["unstated"]    per parameter the paper leaves unstated and the
//       check had to choose: {"parameter", "range", "reason", "sweep":
//       {value: verdict}}. The verdict is the sweep's common one, or
//       inconclusive naming the values where it flips (swept_verdict).
//   measured["stand_in"]    for a check declared on a stand-in that lacks
//       what the claim rests on (ClaimCheck::on_stand_in): {"rests_on",
//       "lacks", "verdict_on_stand_in"}; run_claim writes it and reports
//       the verdict as at most inconclusive (stand-in).
//
// tests/claims/test_claims_ledger.cpp holds every check that reports them
// to these rules, whatever family it is in.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "claims/ledger.hpp"

namespace tibench::claims {

inline constexpr const char* kPaperData = "paper_data";
inline constexpr const char* kUnstated = "unstated";
inline constexpr const char* kStandIn = "stand_in";

struct SweepPoint {
  std::string value;  // the parameter's value, as the summary shows it
  Verdict verdict;
};

// The verdict over a sweep of `parameter`: the common verdict when every
// value gives it; otherwise inconclusive, and `why` names the values of
// each verdict.
Verdict swept_verdict(const std::string& parameter, const std::vector<SweepPoint>& sweep,
                      std::string& why);

// The measured["unstated"] entry of one swept parameter.
nlohmann::ordered_json unstated_record(const std::string& parameter, const std::string& range,
                                       const std::string& reason,
                                       const std::vector<SweepPoint>& sweep);

// Records the sweep of one unstated parameter (appended to
// measured["unstated"]) and returns the verdict over it (swept_verdict,
// `why` naming the values where it flips).
Verdict judge_unstated(nlohmann::ordered_json& measured, const std::string& parameter,
                       const std::string& range, const std::string& reason,
                       const std::vector<SweepPoint>& sweep, std::string& why);

// One parameter the paper leaves unstated, with its sweep.
struct Unstated {
  std::string parameter, range, reason;
  std::vector<SweepPoint> sweep;
};

// Judges a result over the sweeps of its unstated parameters, r.status
// being its verdict at the values it chose (each sweep holds them): records
// every sweep in r.measured and keeps r.status when every sweep agrees with
// it; otherwise r.status becomes inconclusive and r.summary says where each
// sweep flips.
void judge_unstated(ClaimResult& r, const std::vector<Unstated>& parameters);

// The measured["paper_data"] record.
nlohmann::ordered_json paper_data_record(bool criterion_holds, nlohmann::ordered_json values,
                                         const std::string& note);

// The protocol's records of a result as lines of text (none when the check
// reports none): "paper's data through the criterion: holds (note)" and per
// unstated parameter its range, reason and verdict at each swept value.
std::vector<std::string> protocol_lines(const nlohmann::ordered_json& measured);

// The check's declared perturbation (ClaimCheck::flips_with, or the
// inputs of robust_to) as one line, "perturbation that flips it: a=1, b=2
// -> refuted (why)"; for a timing claim that declares none, why it need not;
// empty when it declares none.
std::string flip_line(const ClaimCheck& check);

// Every protocol line of a check's result: those of its measured values,
// then its perturbation's (the report, the ledger file, --explain).
std::vector<std::string> protocol_lines(const ClaimCheck& check,
                                        const nlohmann::ordered_json& measured);

}  // namespace tibench::claims
