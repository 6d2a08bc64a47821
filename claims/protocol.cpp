#include "claims/protocol.hpp"

#include <map>
#include <utility>

namespace tibench::claims {

Verdict swept_verdict(const std::string& parameter, const std::vector<SweepPoint>& sweep,
                      std::string& why) {
  std::map<std::string, std::string> values_by_verdict;
  for (const SweepPoint& p : sweep) {
    std::string& list = values_by_verdict[to_string(p.verdict)];
    list += (list.empty() ? "" : ", ") + p.value;
  }
  if (values_by_verdict.size() == 1) return sweep.front().verdict;
  why = "inconclusive: the verdict flips with " + parameter + ", which the paper leaves unstated (";
  std::string sep;
  for (const auto& [verdict, values] : values_by_verdict) {
    why += sep + verdict + " at " + values;
    sep = "; ";
  }
  why += ")";
  return Verdict::inconclusive;
}

nlohmann::ordered_json unstated_record(const std::string& parameter, const std::string& range,
                                       const std::string& reason,
                                       const std::vector<SweepPoint>& sweep) {
  nlohmann::ordered_json by_value;
  for (const SweepPoint& p : sweep) by_value[p.value] = to_string(p.verdict);
  return {{"parameter", parameter}, {"range", range}, {"reason", reason}, {"sweep", by_value}};
}

nlohmann::ordered_json paper_data_record(bool criterion_holds, nlohmann::ordered_json values,
                                         const std::string& note) {
  return {{"criterion", criterion_holds ? "holds" : "fails"},
          {"values", std::move(values)},
          {"note", note}};
}

std::vector<std::string> protocol_lines(const nlohmann::ordered_json& measured) {
  std::vector<std::string> lines;
  if (!measured.is_object()) return lines;
  if (measured.contains(kPaperData)) {
    const auto& p = measured[kPaperData];
    lines.push_back("the paper's printed data through the criterion: " +
                    p.value("criterion", std::string("?")) + " (" + p.value("note", std::string()) +
                    "; values " + p.value("values", nlohmann::ordered_json::object()).dump() + ")");
  }
  if (measured.contains(kUnstated)) {
    for (const auto& u : measured[kUnstated]) {
      std::string sweep;
      for (const auto& [value, verdict] : u["sweep"].items())
        sweep += (sweep.empty() ? "" : ", ") + value + ": " + verdict.get<std::string>();
      lines.push_back("unstated " + u.value("parameter", std::string("?")) + ", range " +
                      u.value("range", std::string("?")) + " (" + u.value("reason", std::string()) +
                      "); verdict by value: " + sweep);
    }
  }
  if (measured.contains(kStandIn)) {
    const auto& st = measured[kStandIn];
    lines.push_back("stand-in: the claim rests on " + st.value("rests_on", std::string("?")) +
                    "; " + st.value("lacks", std::string()) + " (verdict on the stand-in: " +
                    st.value("verdict_on_stand_in", std::string("?")) +
                    "; reported: at most inconclusive)");
  }
  return lines;
}

std::string flip_line(const ClaimCheck& check) {
  if (!check.flip && check.robust) {
    std::string tried;
    for (const auto& inputs : check.robust->tried) {
      std::string set;
      for (const std::string& o : inputs) set += (set.empty() ? "" : " ") + o;
      tried += (tried.empty() ? "" : "; ") + set;
    }
    return "no perturbation flips it (a test holds the verdict under each input tried: " + tried +
           "): " + check.robust->why;
  }
  if (!check.flip && check.timed)
    return "no perturbation declared: a timing claim, whose verdict follows the machine's load";
  if (!check.flip) return "";
  std::string overrides;
  for (const std::string& o : check.flip->overrides)
    overrides += (overrides.empty() ? "" : ", ") + o;
  return "perturbation that flips it (a test): " + overrides + " -> " + to_string(check.flip->to) +
         " (" + check.flip->why + ")";
}

std::vector<std::string> protocol_lines(const ClaimCheck& check,
                                        const nlohmann::ordered_json& measured) {
  std::vector<std::string> lines = protocol_lines(measured);
  if (std::string flip = flip_line(check); !flip.empty()) lines.push_back(std::move(flip));
  return lines;
}

Verdict judge_unstated(nlohmann::ordered_json& measured, const std::string& parameter,
                       const std::string& range, const std::string& reason,
                       const std::vector<SweepPoint>& sweep, std::string& why) {
  measured[kUnstated].push_back(unstated_record(parameter, range, reason, sweep));
  return swept_verdict(parameter, sweep, why);
}

void judge_unstated(ClaimResult& r, const std::vector<Unstated>& parameters) {
  std::vector<std::string> flips;
  for (const Unstated& u : parameters) {
    std::string why;
    const Verdict v = judge_unstated(r.measured, u.parameter, u.range, u.reason, u.sweep, why);
    if (v == r.status) continue;
    flips.push_back(!why.empty() ? why
                                 : u.parameter + ": " + to_string(v) + " at every value swept");
  }
  if (flips.empty()) return;
  for (const std::string& why : flips) r.summary += "; " + why;
  r.status = Verdict::inconclusive;
}

}  // namespace tibench::claims
