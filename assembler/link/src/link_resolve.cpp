// Linker pass 1: the global symbol table, pulling library members in for unresolved externals
// until nothing changes, local (LEXTDEF/LPUBDEF) binding, and allocation of communal variables.
#include <algorithm>
#include <cctype>
#include <deque>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "link_state.hpp"

namespace asmlab::link::detail {

namespace {

bool addGlobals(LinkState& s, size_t moduleIndex) {
  bool ok = true;
  const Module& m = s.modules[moduleIndex].module;
  for (size_t i = 0; i < m.publics.size(); ++i) {
    const Public& p = m.publics[i];
    if (p.local) continue;
    auto [it, fresh] = s.globals.emplace(p.name, SymbolDefinition{moduleIndex, i});
    if (!fresh) {
      s.diag->error(s.modules[moduleIndex].origin,
                    fmt::format("symbol {} is defined in both {} and {}", p.name,
                                s.modules[it->second.module].origin, s.modules[moduleIndex].origin));
      ok = false;
    }
  }
  return ok;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// Default libraries (COMENT 9Fh) are looked for as named, then in each library directory and
// beside the object that asks for them, with ".LIB" added when the name has no extension.
void addDefaultLibraries(LinkState& s, size_t moduleIndex, std::deque<Library>& owned, std::set<std::string>& known) {
  namespace fs = std::filesystem;
  for (std::string name : s.modules[moduleIndex].module.defaultLibraries()) {
    if (fs::path(name).extension().empty()) name += ".LIB";
    std::string key = lower(fs::path(name).filename().string());
    if (!known.insert(key).second) continue;
    std::vector<fs::path> candidates{fs::path(name)};
    for (const auto& dir : s.options->libraryPaths) candidates.push_back(fs::path(dir) / name);
    fs::path beside = fs::path(s.modules[moduleIndex].origin).parent_path();
    candidates.push_back(beside / name);
    bool found = false;
    for (const auto& c : candidates) {
      std::error_code ec;
      fs::path hit = c;
      if (!fs::exists(hit, ec)) {
        // DOS names are case-insensitive: try the directory listing.
        fs::path dir = c.parent_path().empty() ? fs::path(".") : c.parent_path();
        hit.clear();
        for (const auto& entry : fs::directory_iterator(dir, ec))
          if (lower(entry.path().filename().string()) == lower(c.filename().string())) hit = entry.path();
        if (hit.empty()) continue;
      }
      auto lib = Library::load(hit.string(), *s.diag);
      if (lib) owned.push_back(std::move(*lib));
      found = true;
      break;
    }
    if (!found)
      s.diag->warning(s.modules[moduleIndex].origin,
                      fmt::format("default library {} (INCLUDELIB) not found; searched the library paths", name));
  }
}

bool isReferenced(const Module& m, uint32_t externIndex) {
  for (const auto& f : m.fixups)
    if ((f.target.kind == RefKind::Extern && f.target.index == externIndex) ||
        (f.frame.kind == RefKind::Extern && f.frame.index == externIndex))
      return true;
  return m.entry && m.entry->target.kind == RefKind::Extern && m.entry->target.index == externIndex;
}

// Communal variables (COMDEF) nobody defines publicly get storage: NEAR ones in segment c_common
// (class BSS, group DGROUP), FAR ones each in their own FAR_BSS segment, as MS LINK allocates them.
void allocateCommunals(LinkState& s) {
  struct Need {
    bool far = false;
    uint64_t size = 0;
  };
  std::map<std::string, Need> needs;
  std::vector<std::string> order;
  for (const auto& in : s.modules)
    for (const auto& e : in.module.externs) {
      if (!e.communal || e.local || s.globals.count(e.name)) continue;
      uint64_t size = uint64_t{e.communal->elementCount} * e.communal->elementSize;
      auto [it, fresh] = needs.emplace(e.name, Need{e.communal->far, size});
      if (fresh) order.push_back(e.name);
      it->second.size = std::max(it->second.size, size);
      it->second.far = it->second.far || e.communal->far;
    }
  if (order.empty()) return;
  InputModule synthetic;
  synthetic.origin = "(communal variables)";
  Module& m = synthetic.module;
  m.name = "COMMUNALS";
  for (const auto& name : order) {
    const Need& n = needs[name];
    Public p;
    p.name = name;
    if (n.far || n.size > 0xFFFF) {
      Segment seg;
      seg.name = "FAR_BSS";
      seg.className = "FAR_BSS";
      seg.align = Align::Paragraph;
      seg.combine = Combine::Private;
      seg.length = static_cast<uint32_t>(std::min<uint64_t>(n.size, 0x10000));
      if (n.size > 0x10000)
        s.diag->error(s.options->outputName, fmt::format("communal variable {} is {} bytes, more than one 64K segment", name, n.size));
      m.segments.push_back(seg);
      p.segment = static_cast<uint32_t>(m.segments.size() - 1);
    } else {
      auto near = m.findSegment("c_common");
      if (!near) {
        Segment seg;
        seg.name = "c_common";
        seg.className = "BSS";
        seg.align = Align::Word;
        seg.combine = Combine::Public;
        m.segments.push_back(seg);
        near = static_cast<uint32_t>(m.segments.size() - 1);
        m.groups.push_back(Group{"DGROUP", {*near}});
      }
      Segment& seg = m.segments[*near];
      seg.length = (seg.length + 1) & ~1u;
      p.offset = seg.length;
      p.group = 0;
      seg.length += static_cast<uint32_t>(n.size);
      p.segment = *near;
    }
    m.publics.push_back(p);
  }
  s.modules.push_back(std::move(synthetic));
  addGlobals(s, s.modules.size() - 1);
}

}  // namespace

bool resolveSymbols(LinkState& s, const std::vector<Library>& libraries) {
  bool ok = true;
  for (size_t i = 0; i < s.modules.size(); ++i) ok = addGlobals(s, i) && ok;

  // Libraries: the ones given, then default libraries named by the modules as they are loaded.
  std::deque<Library> defaults;  // deque: `loaded` keeps pointers to its elements
  std::set<std::string> known;
  for (const auto& l : libraries) known.insert(lower(std::filesystem::path(l.file()).filename().string()));
  std::set<std::pair<const Library*, size_t>> loaded;
  size_t scanned = 0;
  for (bool changed = true; changed;) {
    changed = false;
    if (s.options->useDefaultLibraries)
      for (; scanned < s.modules.size(); ++scanned) addDefaultLibraries(s, scanned, defaults, known);
    std::vector<const Library*> search;
    for (const auto& l : libraries) search.push_back(&l);
    for (const auto& l : defaults) search.push_back(&l);
    for (size_t mi = 0; mi < s.modules.size(); ++mi) {
      // Copy the names: loading a member appends to s.modules.
      std::vector<std::string> wanted;
      for (const auto& e : s.modules[mi].module.externs)
        if (!e.local && !s.globals.count(e.name)) wanted.push_back(e.name);
      for (const auto& name : wanted) {
        if (s.globals.count(name)) continue;
        for (const Library* lib : search) {
          auto member = lib->findDefiningMember(name);
          if (!member || loaded.count({lib, *member})) continue;
          loaded.insert({lib, *member});
          auto module = lib->loadMember(*member, *s.diag);
          if (!module) {
            ok = false;
            break;
          }
          s.modules.push_back(InputModule{std::move(*module), lib->memberLabel(*member)});
          ok = addGlobals(s, s.modules.size() - 1) && ok;
          changed = true;
          break;
        }
      }
    }
  }

  allocateCommunals(s);

  // Bind every external: local ones to the module's own LPUBDEFs, the rest to the globals.
  s.externDefinitions.resize(s.modules.size());
  for (size_t mi = 0; mi < s.modules.size(); ++mi) {
    const Module& m = s.modules[mi].module;
    auto& defs = s.externDefinitions[mi];
    defs.resize(m.externs.size());
    for (uint32_t ei = 0; ei < m.externs.size(); ++ei) {
      const Extern& e = m.externs[ei];
      if (e.local) {
        for (size_t pi = 0; pi < m.publics.size(); ++pi)
          if (m.publics[pi].local && m.publics[pi].name == e.name) defs[ei] = SymbolDefinition{mi, pi};
        if (!defs[ei]) {
          auto it = s.globals.find(e.name);
          if (it != s.globals.end()) defs[ei] = it->second;
        }
      } else {
        auto it = s.globals.find(e.name);
        if (it != s.globals.end()) defs[ei] = it->second;
      }
      if (defs[ei]) continue;
      if (isReferenced(m, ei)) {
        s.diag->error(s.modules[mi].origin, fmt::format("unresolved external symbol {} (referenced in {})", e.name,
                                                        s.modules[mi].origin));
        ok = false;
      } else {
        s.diag->warning(s.modules[mi].origin,
                        fmt::format("external symbol {} is declared but never defined (and never used)", e.name));
      }
    }
  }
  return ok;
}

}  // namespace asmlab::link::detail
